package dev.pmmemory.application.port.in;

/** PUT a fact: a new version, or nothing when the value is the current one already (rules.md §8). */
public interface RecordFact {
    /**
     * @throws dev.pmmemory.application.StateConflictException the valid_from would rewrite history
     */
    RecordedFact record(RecordFactCommand command);
}
