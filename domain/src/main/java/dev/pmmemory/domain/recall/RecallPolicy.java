package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Which memories can reach the top K of a recall, so a store reads those and not a profile's
 * whole history; and the ranking of what was read ({@link ContextRanker}). The argument lives
 * here, next to the formula it depends on, so a change to the score cannot silently break recall.
 *
 * <p>A memory that shares no (live) term with the query has jaccard 0, so its score depends only on its
 * type, weight (up to {@link ContextRanker#WEIGHT_SATURATION}), last_seen_at and, with semantic
 * recall, its cosine. Without semantic recall it therefore only grows with last_seen_at within
 * one type and one {@link #weightBucket weight bucket}: the K most recent of every such group hold
 * the best memories sharing no term, and the best preference among them (top-K guard). The memories
 * sharing a term are all read (their jaccard needs their keywords); with an entity filter, every
 * memory about the entity is read too, since the filter may leave none of the groups' picks.
 * Relevance first changes nothing to this: without semantic recall the memories that match are
 * all term sharers, and within those that do not, the score orders as in the seed.
 *
 * <p>With semantic recall the cosine can lift an old memory above recent ones of its group, so
 * every visible memory not read whole is scored from its {@link UnreadMemory ranking facts} and
 * only the K best of them and their best preference are read ({@link #worthReadingWhole}), best in
 * the ranker's order (matched first, with relevance first).
 */
public final class RecallPolicy {

    /** Groups per type: weights 1..{@link ContextRanker#WEIGHT_SATURATION}, heavier ones in the last. */
    public static final int WEIGHT_BUCKETS = ContextRanker.WEIGHT_SATURATION;

    private final ContextRanker ranker;

    public RecallPolicy(ContextRanker ranker) {
        this.ranker = java.util.Objects.requireNonNull(ranker, "ranker");
    }

    /** The group of a weight: repeats beyond saturation add nothing to the score, so they share a bucket. */
    public static int weightBucket(int weight) {
        return Math.min(weight, WEIGHT_BUCKETS);
    }

    /**
     * The reads that hold the top K of a present recall and the preference the top-K guard may carry.
     *
     * @param semantic with semantic recall on the groups are not read: {@link #worthReadingWhole} picks instead
     */
    public RecallCandidates candidates(Set<String> terms, RecallFilter filter, Instant asOf, int limit,
                                       boolean semantic) {
        return new RecallCandidates(asOf, terms, filter.entity(), semantic ? 0 : limit);
    }

    /**
     * Of the visible memories not read by {@link #candidates} (so sharing no term with the query),
     * the ids that can be picked: the {@code limit} best the filter's types admit and the best
     * preference among them, best first.
     */
    public List<String> worthReadingWhole(List<UnreadMemory> rest, RecallFilter filter, Instant asOf, int limit) {
        record Scored(UnreadMemory memory, double score, boolean matched) {
        }
        Comparator<Scored> order = ranker.order(Scored::matched, Scored::score, s -> s.memory().lastSeenAt(),
                s -> s.memory().id());
        List<Scored> scored = new ArrayList<>();
        for (UnreadMemory m : rest) {
            if (filter.admitsType(m.type())) {
                scored.add(new Scored(m, ranker.factorsSharingNoTerm(m.type(), m.weight(), m.lastSeenAt(),
                        m.cosine(), asOf).score(), ranker.matchesSharingNoTerm(m.cosine())));
            }
        }
        scored.sort(order);
        List<String> wanted = new ArrayList<>();
        scored.stream().limit(limit).forEach(s -> wanted.add(s.memory().id()));
        scored.stream().filter(s -> s.memory().type() == MemoryType.LONG_TERM_PREFERENCE).findFirst()
                .filter(s -> !wanted.contains(s.memory().id()))
                .ifPresent(s -> wanted.add(s.memory().id()));
        return wanted;
    }

    /** Ranks what was read: see {@link ContextRanker#rank(Set, List, RecallFilter, Instant, int, SemanticSimilarity)}. */
    public RankingMode mode() {
        return ranker.mode();
    }

    public List<ScoredMemory> rank(Set<String> terms, List<Memory> candidates, RecallFilter filter, Instant asOf,
                                   int limit, SemanticSimilarity semantic) {
        return ranker.rank(terms, candidates, filter, asOf, limit, semantic);
    }
}
