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

    /**
     * @param matched whether the memory matches the query (see {@link dev.pmmemory.domain.recall.ScoredMemory})
     * @param team    the team and its members behind it, for a memory of one of the profile's teams; empty for
     *                the profile's own memory
     */
    public record RecalledMemory(MemoryView view, double score, ScoreFactors factors, boolean matched,
                                 Optional<TeamShare> team) {
        public RecalledMemory {
            java.util.Objects.requireNonNull(team, "team");
        }

        /** One of the profile's own memories. */
        public RecalledMemory(MemoryView view, double score, ScoreFactors factors, boolean matched) {
            this(view, score, factors, matched, Optional.empty());
        }
    }
}
