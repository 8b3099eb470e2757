package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.formula.Bindings;
import dev.pmmemory.domain.formula.Column;
import dev.pmmemory.domain.formula.Expression;
import dev.pmmemory.domain.formula.Parameter;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.Jaccard;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/**
 * How a store orders the memories sharing query terms by score without handing them all over: the
 * ranker's formula (rules.md §6) over a sharer's counts and ranking columns, stated as numbers a
 * store can compute where the rows are (in SQL), so a query term shared by thousands of memories
 * costs one pass inside the store and a handful of rows out of it.
 *
 * <p>A store's arithmetic may differ from Java's in the last bits; the caller re-scores exactly what
 * it is handed and accepts the answer only when {@link #settles} says no row left out could come
 * within {@link #TOLERANCE} of the last one needed.
 *
 * <p>score = {@link #keywordWeight} · max(J, floor) + {@link #recencyWeight} · e^(−days / {@link #recencyScaleDays})
 * + {@link #priorityWeight} · priority(type) + {@link #weightWeight} · min(weight / {@link #weightSaturation}, 1),
 * capped at 1, with J = shared / (queryTerms + termCount − shared), days = max(0, asOf − last_seen_at)
 * in days of {@link #MILLIS_PER_DAY} ms, floor = {@link #preferenceFloor} for a preference, else 0.
 *
 * @param terms  the query's distinct terms
 * @param types  the types a sharer may have (never empty)
 * @param needed how many of the best the caller must know exactly
 * @param limit  how many sharers to hand over at most, best first: {@code needed} and a margin
 */
public record SharerRanking(RecallWindow window, Set<String> terms, Set<MemoryType> types,
                            Map<MemoryType, Double> priorities, int needed, int limit) {

    /** Larger than any rounding difference of the formula between two implementations of it. */
    static final double TOLERANCE = 1e-9;

    public SharerRanking {
        Objects.requireNonNull(window, "window");
        terms = Set.copyOf(terms);
        types = Set.copyOf(types);
        priorities = Map.copyOf(priorities);
        if (types.isEmpty() || terms.isEmpty() || needed < 1 || limit <= needed) {
            throw new IllegalArgumentException("a sharer ranking needs terms, types and 1 <= needed < limit");
        }
    }

    /** Rows handed over beyond those needed, so that a near tie at the last needed one is seen. */
    static final int MARGIN = 8;

    /** The instant asked: what the score's recency is computed at. */
    public Instant asOf() {
        return window.asOf();
    }

    static SharerRanking of(ContextRanker ranker, RecallWindow window, Set<String> terms, Set<MemoryType> types,
                            int needed) {
        Map<MemoryType, Double> priorities = new EnumMap<>(MemoryType.class);
        for (MemoryType t : MemoryType.values()) {
            priorities.put(t, ranker.priority(t));
        }
        return new SharerRanking(window, terms, types, priorities, needed, needed + MARGIN);
    }

    /**
     * The score a store orders sharers by, over the columns {@link Column#TYPE}, {@link Column#WEIGHT},
     * {@link Column#LAST_SEEN_AT}, {@link Column#TERM_COUNT} and {@link Column#SHARED_TERMS}, with the
     * parameters {@link Parameter#AS_OF} and {@link Parameter#QUERY_TERMS} ({@link #bindings}).
     */
    public Expression scoreExpression() {
        return RankingFormula.sharerScore(priorities);
    }

    /** The values of the parameters {@link #scoreExpression} reads. */
    public Bindings bindings() {
        return Bindings.of(Parameter.AS_OF, asOf().toEpochMilli()).and(Parameter.QUERY_TERMS, terms.size());
    }

    /** How many sharers of a common term a store samples per type ({@link #SAMPLE_PER_TYPE}). */
    public int samplePerType() {
        return SAMPLE_PER_TYPE;
    }

    /**
     * How many rows a common query term must have in a profile for its sharers sharing it alone to be read
     * bounded by a score rather than whole ({@link #BOUNDED_TERM_ROWS}).
     */
    public int boundedTermRows() {
        return BOUNDED_TERM_ROWS;
    }

    /** How many of the other terms' sharers a store probes for a common term ({@link #PROBED_PER_LIMIT} per limit). */
    public int probed() {
        return limit * PROBED_PER_LIMIT;
    }

    public double priority(MemoryType type) {
        return priorities.getOrDefault(type, 0.0);
    }

    /** The score this ranking orders by: the ranker's, to the last bit (no semantic recall). */
    public double score(MemoryType type, int weight, Instant lastSeenAt, int sharedTerms, int termCount) {
        return scoreExpression().evaluate(RankingValues.ofSharer(type, weight, lastSeenAt.toEpochMilli(), sharedTerms, termCount,
                asOf().toEpochMilli(), terms.size()));
    }

    /**
     * Sharers of one query term alone (shared = 1) of one type and a term-count range, seen on or
     * after an instant: where a store must look for them to find every one scoring at least a
     * threshold. {@code termCountTo} {@link Integer#MAX_VALUE} is open-ended; {@code lastSeenAtFrom}
     * is in epoch ms, {@link Long#MIN_VALUE} for any age.
     */
    public record Cutoff(MemoryType type, int termCountFrom, int termCountTo, long lastSeenAtFrom) {
        /** One term count: a store can seek on last_seen_at after it (an equality, not a range). */
        public boolean oneTermCount() {
            return termCountFrom == termCountTo;
        }
    }

    /**
     * Sharers of a common term a store reads first, per type, to learn a score the best reach: the
     * fewest terms and most recent first (the highest keyword_match and recency).
     */
    static final int SAMPLE_PER_TYPE = 16;

    /**
     * Below this many rows a common term's sharers are read whole rather than sampled and bounded: the
     * sample's reads (two per type) cost more than scoring a few thousand rows (measured at 10,000
     * memories, 1,796 sharers: 4.2 ms sampled against 2.4 ms read whole on SQLite).
     */
    static final int BOUNDED_TERM_ROWS = 4096;

    /**
     * A score the {@link #limit}-th best sharer reaches for sure: the {@code limit}-th best of scores
     * known of distinct sharers, each at most that sharer's own (a sharer of several terms scored
     * as sharing one); empty when fewer than {@code limit} are known.
     */
    public OptionalDouble assuredLimitScore(Map<String, Double> scoreAtMostById) {
        if (scoreAtMostById.size() < limit) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(scoreAtMostById.values().stream().sorted(Comparator.reverseOrder())
                .skip(limit - 1L).findFirst().orElseThrow());
    }

    /**
     * Of the sharers of a common term's other query terms, how many per {@link #limit} a store checks for
     * the common term (a probe each), those with the highest scores they could have if they had it.
     */
    static final int PROBED_PER_LIMIT = 4;

    /**
     * Whether sharers a store did not score exactly, none above {@code unreadAtMost}, cannot be among
     * the {@link #limit} best of those it did, best first by store score: there are that many and the
     * last needed scores clearly above {@code unreadAtMost}. {@link Double#NEGATIVE_INFINITY}: none left.
     */
    public boolean excludesUnread(double unreadAtMost, List<Double> storeScoresBestFirst) {
        if (unreadAtMost == Double.NEGATIVE_INFINITY) {
            return true;
        }
        return storeScoresBestFirst.size() >= limit && unreadAtMost < storeScoresBestFirst.get(limit - 1) - TOLERANCE;
    }

    /** Term counts up to this one get a cutoff each; above it, one shared (that of this count). */
    static final int SEPARATE_TERM_COUNTS = 48;

    /**
     * Where the sharers of exactly one query term scoring at least {@code threshold} can be: per type,
     * consecutive term counts with the earliest last_seen_at at which a sharer could still reach it,
     * its weight assumed saturated (the bound is the score with weight_normalized = 1, so it holds
     * for every weight). A sharer outside every cutoff scores below {@code threshold} − {@link #TOLERANCE}:
     * a store reads a common term's few sharers that can beat a known K-th score instead of all of them.
     * Its keyword_match falls with the term count (J = 1 / (queryTerms + termCount − 1)) and its
     * recency with age, so a cutoff is exact per term count and conservative for the open range.
     */
    public List<Cutoff> cutoffsSharingOneTerm(double threshold) {
        List<Cutoff> cutoffs = new ArrayList<>();
        for (MemoryType type : types.stream().sorted().toList()) {
            Cutoff open = null;
            for (int termCount = 1; termCount <= SEPARATE_TERM_COUNTS; termCount++) {
                OptionalLong since = earliestLastSeenAt(type, termCount, threshold);
                if (since.isEmpty()) {
                    break; // fewer shared terms per term only lower the bound: no larger count can reach it
                }
                int to = termCount == SEPARATE_TERM_COUNTS ? Integer.MAX_VALUE : termCount;
                if (open != null && open.lastSeenAtFrom() == since.getAsLong()) {
                    open = new Cutoff(type, open.termCountFrom(), to, since.getAsLong());
                } else {
                    if (open != null) {
                        cutoffs.add(open);
                    }
                    open = new Cutoff(type, termCount, to, since.getAsLong());
                }
            }
            if (open != null) {
                cutoffs.add(open);
            }
        }
        return cutoffs;
    }

    /** The earliest last_seen_at at which a sharer of one term could reach the threshold; empty if none. */
    private OptionalLong earliestLastSeenAt(MemoryType type, int termCount, double threshold) {
        double jaccard = Jaccard.fromCounts(terms.size(), termCount, 1);
        double keywordMatch = RankingFormula.FLOORED_KEYWORD_MATCH.evaluate(RankingValues.of(type, jaccard, 1, 0, 0));
        // the score with no recency and a saturated weight: the most the other factors give
        double withoutRecency = new ScoreFactors(keywordMatch, 0.0, priority(type), 1.0).score();
        double recencyNeeded = (threshold - TOLERANCE - withoutRecency) / RankingFormula.RECENCY_WEIGHT;
        if (recencyNeeded <= 0) {
            return OptionalLong.of(Long.MIN_VALUE);
        }
        if (recencyNeeded > 1) {
            return OptionalLong.empty();
        }
        double days = -RankingFormula.RECENCY_SCALE_DAYS * Math.log(recencyNeeded);
        // a millisecond earlier than the exact instant: the store's arithmetic may differ in the last bits
        return OptionalLong.of((long) Math.floor(asOf().toEpochMilli() - days * RankingFormula.MILLIS_PER_DAY) - 1);
    }

    /**
     * Whether the sharers a store handed over, best first by its own scores, hold the {@link #needed}
     * best: fewer than {@link #limit} means every sharer was handed over; otherwise the last one must
     * score clearly below the {@code needed}-th, so that no sharer left out can tie or beat it once
     * scored exactly.
     */
    public boolean settles(List<Double> storeScoresBestFirst) {
        if (storeScoresBestFirst.size() < limit) {
            return true;
        }
        double kth = storeScoresBestFirst.get(needed - 1);
        double last = storeScoresBestFirst.get(storeScoresBestFirst.size() - 1);
        return last < kth - TOLERANCE;
    }
}
