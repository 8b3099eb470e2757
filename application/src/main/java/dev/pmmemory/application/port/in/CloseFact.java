package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.fact.Fact;

/** DELETE a fact: its current version is closed now; the history is kept. */
public interface CloseFact {
    /**
     * @return the closed version
     * @throws dev.pmmemory.application.NotFoundException      the profile never had the attribute
     * @throws dev.pmmemory.application.StateConflictException the attribute has no current version
     */
    Fact close(FactCommand command);
}
