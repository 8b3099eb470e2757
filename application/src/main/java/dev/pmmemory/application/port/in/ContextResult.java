package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.recall.ScoreFactors;
import dev.pmmemory.domain.recall.ScoredExperience;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The ranked memories for a query, with a ready-to-paste prompt block.
 *
 * @param experiences the relevant experiences, best first; empty (absent) unless the query included them
 */
public record ContextResult(String profileId, String query, Instant asOf, List<RecalledMemory> items,
                            Optional<List<ScoredExperience>> experiences, String promptBlock) {
    public ContextResult {
        items = List.copyOf(items);
        experiences = experiences.map(List::copyOf);
    }

    /** @param matched whether the memory matches the query (see {@link dev.pmmemory.domain.recall.ScoredMemory}) */
    public record RecalledMemory(MemoryView view, double score, ScoreFactors factors, boolean matched) {
    }
}
