package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Memories and priorities for the recall tests. */
final class RankerFixtures {
    static final Instant AS_OF = Instant.parse("2026-06-01T00:00:00Z");

    /** The shipped default type_priority (rules.md §1). */
    static final Map<MemoryType, Double> PRIORITY = new EnumMap<>(Map.of(
            MemoryType.LONG_TERM_PREFERENCE, 1.0,
            MemoryType.PROJECT_NEGATIVE, 0.9,
            MemoryType.PROJECT_ADVANCE, 0.8,
            MemoryType.PROJECT_POSITIVE, 0.6,
            MemoryType.MARKET_INFO, 0.4,
            MemoryType.TEMP_STATUS, 0.3,
            MemoryType.SUMMARY, 0.2));

    /** The seed's order (score alone), which the older ranker tests were written for. */
    static final ContextRanker RANKER = new ContextRanker(PRIORITY::get, HybridMatch.defaults(0.0), RankingMode.SCORE_ONLY);
    /** Relevance first (the default). */
    static final ContextRanker RELEVANCE = new ContextRanker(PRIORITY::get);

    private RankerFixtures() {
    }

    static Instant daysAgo(double days) {
        return AS_OF.minusMillis(Math.round(days * 86_400_000L));
    }

    /** A visible (valid since long before AS_OF, never expiring) explicit memory of weight 1. */
    static Memory.Builder memory(String id, MemoryType type, Instant lastSeen, String... keywords) {
        Instant since = AS_OF.minus(Duration.ofDays(400));
        return new Memory.Builder()
                .id(id)
                .profileId("pm-alice")
                .type(type)
                .content("content of " + id)
                .normalizedContent("contentof" + id)
                .entities(List.of())
                .keywords(List.of(keywords))
                .weight(1)
                .status(MemoryStatus.ACTIVE)
                .source(Source.EXPLICIT)
                .createdAt(since)
                .lastSeenAt(lastSeen)
                .validFrom(since)
                .expiresAt(null)
                .sourceMessageIds(List.of("raw-" + id));
    }
}
