package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.recall.ScoreFactors;
import java.time.Instant;
import java.util.List;

/** The ranked memories for a query, with a ready-to-paste prompt block. */
public record ContextResult(String profileId, String query, Instant asOf, List<RecalledMemory> items,
                            String promptBlock) {
    public ContextResult {
        items = List.copyOf(items);
    }

    public record RecalledMemory(MemoryView view, double score, ScoreFactors factors) {
    }
}
