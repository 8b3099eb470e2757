package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.fact.Fact;
import java.util.List;

/** Reading facts: what held at an instant, one attribute, or one attribute's whole history. */
public interface ReadFacts {

    /** The facts valid at the query's as_of (default now), by attribute; empty when there are none. */
    FactsAt validAt(FactsQuery query);

    /**
     * The attribute's version valid at the query's as_of (default now).
     *
     * @throws dev.pmmemory.application.NotFoundException no version valid then
     */
    Fact one(FactsQuery query);

    /**
     * Every version of the attribute, oldest first.
     *
     * @throws dev.pmmemory.application.NotFoundException the profile never had the attribute
     */
    List<Fact> history(FactsQuery query);
}
