package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.Jaccard;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * Which memories can reach the top K of a recall, so a store reads those and not a profile's
 * whole history; and the ranking of what was read ({@link ContextRanker}). The argument lives
 * here, next to the formula it depends on, so a change to the score cannot silently break recall.
 *
 * <p>A memory that shares no (live) term with the query has jaccard 0, so its score depends only on its
 * type, weight (up to {@link RankingFormula#WEIGHT_SATURATION}), last_seen_at and, with semantic
 * recall, its cosine. Without semantic recall it therefore only grows with last_seen_at within
 * one type and one {@link #weightBucket weight bucket}: the K most recent of every such group hold
 * the best memories sharing no term, and the best preference among them (top-K guard). A memory
 * sharing a term is scored exactly from its {@link TermSharer counts} (a common term can have
 * thousands), and only the K best of them in the ranker's order (matched first, with relevance
 * first) and their best preference are read whole ({@link #sharersWorthReadingWhole}); one that gave
 * up entities is always read whole, its counts being over keywords that include them. With an entity
 * filter, every memory about the entity is read too, since the filter may leave none of the other
 * picks. Relevance first changes nothing to the groups: without semantic recall the memories that
 * match are all term sharers, and within those that do not, the score orders as in the seed.
 *
 * <p>With semantic recall the cosine can lift an old memory above recent ones of its group, so
 * every visible memory not read whole is scored from its {@link UnreadMemory ranking keys} and
 * only the K best of them and their best preference are read ({@link #worthReadingWhole}), best in
 * the ranker's order (matched first, with relevance first).
 *
 * <p>With the use factor on ({@link UseFactor}), a never-recalled memory scores as without it, and any
 * other scores at least as without it: so the reads above still hold every never-recalled memory that can
 * reach the top K (what ranks above it without use ranks above it with use too). The recalled memories are
 * read apart, all of them the window admits, as ranking keys with their use, and picked by their exact
 * score like the others ({@link #scoresUse}).
 */
public final class RecallPolicy {

    /** Groups per type: weights 1..{@link RankingFormula#WEIGHT_SATURATION}, heavier ones in the last. */
    static final int WEIGHT_BUCKETS = RankingFormula.WEIGHT_SATURATION;

    private final ContextRanker ranker;

    public RecallPolicy(ContextRanker ranker) {
        this.ranker = java.util.Objects.requireNonNull(ranker, "ranker");
    }

    /** Whether the ranker scores use, so the recalled memories are read apart (see the class comment). */
    public boolean scoresUse() {
        return ranker.use().on();
    }

    /** This policy without the use factor: a recall of a past instant ranks without it. */
    public RecallPolicy withoutUse() {
        return scoresUse() ? new RecallPolicy(ranker.withoutUse()) : this;
    }

    /** The weight buckets, lightest first: a store groups each type's memories by them. */
    public static List<Integer> weightBuckets() {
        return java.util.stream.IntStream.rangeClosed(1, WEIGHT_BUCKETS).boxed().toList();
    }

    /** The bucket of the heaviest memories (every weight at or above saturation). */
    public static int heaviestWeightBucket() {
        return WEIGHT_BUCKETS;
    }

    /** The group of a weight: repeats beyond saturation add nothing to the score, so they share a bucket. */
    public static int weightBucket(int weight) {
        return Math.min(weight, WEIGHT_BUCKETS);
    }

    /**
     * The reads that hold, with the {@link #sharersWorthReadingWhole term sharers worth reading}, the top
     * K of a present recall and the preference the top-K guard may carry. The sharers themselves are
     * not among these reads ({@code terms} empty): they are first read as counts.
     *
     * Only the entity filter's memories are read whole at once: the term sharers ({@link #sharerRankings})
     * and the groups' most recent ({@link #mostRecentPerGroup}) are read as ranking keys first.
     */
    public RecallCandidates candidates(Set<String> terms, RecallFilter filter, RecallWindow window, int limit,
                                       boolean semantic) {
        return new RecallCandidates(window, Set.of(), filter.entity(), 0);
    }

    /**
     * How many of the most recent memories of each group of one type and one {@link #weightBucket
     * weight bucket} hold the best memories sharing no term: they are read as ranking keys, and
     * {@link #worthReadingWhole} picks the few read whole. 0 with semantic recall on, where every
     * visible memory is scored from its facts instead.
     *
     * <p>Those facts may include term sharers, scored there as sharing none: that only underrates
     * them, and a sharer that can be picked is read through {@link #sharerRankings} anyway; a memory
     * sharing no term that the underrated ones push out of the K best is beaten by them for real.
     */
    public int mostRecentPerGroup(int limit, boolean semantic) {
        return semantic ? 0 : limit;
    }

    /**
     * Of the memories sharing a query term, the ids that can be picked: the {@code limit} best the
     * filter's types admit and the best preference among them, in the ranker's order (matched first
     * with relevance first), each scored and matched exactly as the ranker will once it is read
     * (Jaccard from the counts, the cosine when semantic recall is on); and every one that is
     * {@link TermSharer#partlySuperseded partly superseded}, whose counts do not give its Jaccard.
     *
     * @param queryTerms how many distinct terms the query has
     */
    public List<String> sharersWorthReadingWhole(List<TermSharer> sharers, int queryTerms, RecallFilter filter,
                                                 Instant asOf, int limit) {
        List<Picked> scored = new ArrayList<>();
        List<String> always = new ArrayList<>();
        for (TermSharer m : sharers) {
            RankingKey k = m.key();
            if (!filter.admitsType(k.type())) {
                continue;
            }
            if (m.partlySuperseded()) {
                always.add(k.id());
                continue;
            }
            double jaccard = Jaccard.fromCounts(queryTerms, m.termCount(), m.sharedTerms());
            scored.add(new Picked(k, ranker.factorsFromJaccard(k, jaccard, m.cosine(), asOf).score(),
                    ranker.matches(jaccard, m.cosine())));
        }
        List<String> wanted = bestAndBestPreference(scored, limit);
        always.stream().filter(id -> !wanted.contains(id)).forEach(wanted::add);
        return wanted;
    }

    /**
     * With semantic recall off, the term sharers worth handing over, as {@link SharerRanking}s a
     * store scores where its rows are: the {@code limit} best of the types the filter admits and, when
     * it admits preferences, the best preference (the top-K guard). Once each ranking
     * {@link SharerRanking#settles settles}, {@link #sharersWorthReadingWhole} picks from the union of
     * what they handed over exactly what it picks from every sharer: every sharer that is not partly
     * superseded matches the query (it shares a live term), so both orders rank them by score alone.
     */
    public List<SharerRanking> sharerRankings(Set<String> terms, RecallFilter filter, RecallWindow window, int limit) {
        if (terms.isEmpty()) {
            return List.of();
        }
        Set<MemoryType> admitted = EnumSet.noneOf(MemoryType.class);
        for (MemoryType type : MemoryType.values()) {
            if (filter.admitsType(type)) {
                admitted.add(type);
            }
        }
        List<SharerRanking> rankings = new ArrayList<>();
        rankings.add(SharerRanking.of(ranker, window, terms, admitted, limit));
        if (admitted.contains(MemoryType.LONG_TERM_PREFERENCE)) {
            rankings.add(SharerRanking.of(ranker, window, terms, Set.of(MemoryType.LONG_TERM_PREFERENCE), 1));
        }
        return rankings;
    }

    private record Picked(RankingKey key, double score, boolean matched) {
        String id() {
            return key.id();
        }

        Instant lastSeenAt() {
            return key.lastSeenAt();
        }
    }

    /** The {@code limit} best and the best preference: a bounded selection, not a sort of every memory. */
    private List<String> bestAndBestPreference(List<Picked> scored, int limit) {
        Comparator<Picked> order = ranker.order(Picked::matched, Picked::score, Picked::lastSeenAt, Picked::id);
        PriorityQueue<Picked> worstFirst = new PriorityQueue<>(order.reversed());
        Picked bestPreference = null;
        for (Picked p : scored) {
            worstFirst.add(p);
            if (worstFirst.size() > limit) {
                worstFirst.poll();
            }
            if (p.key().type() == MemoryType.LONG_TERM_PREFERENCE
                    && (bestPreference == null || order.compare(p, bestPreference) < 0)) {
                bestPreference = p;
            }
        }
        List<Picked> best = new ArrayList<>(worstFirst);
        best.sort(order);
        List<String> wanted = new ArrayList<>();
        best.forEach(p -> wanted.add(p.id()));
        if (bestPreference != null && !wanted.contains(bestPreference.id())) {
            wanted.add(bestPreference.id());
        }
        return wanted;
    }

    /**
     * Of the visible memories not read by {@link #candidates} (so sharing no term with the query),
     * the ids that can be picked: the {@code limit} best the filter's types admit and the best
     * preference among them, best first.
     */
    public List<String> worthReadingWhole(List<UnreadMemory> rest, RecallFilter filter, Instant asOf, int limit) {
        List<Picked> scored = new ArrayList<>(rest.size());
        for (UnreadMemory m : rest) {
            RankingKey k = m.key();
            if (filter.admitsType(k.type())) {
                scored.add(new Picked(k, ranker.factorsSharingNoTerm(k, m.cosine(), asOf).score(),
                        ranker.matchesSharingNoTerm(m.cosine())));
            }
        }
        // semantic recall hands over every visible memory: a bounded selection, not a sort of them all
        return bestAndBestPreference(scored, limit);
    }

    /**
     * Keyword recall over several owners (a member and its teams, docs/rules.md "Teams"): of the
     * {@link #mostRecentPerGroup recency groups} of the owners not read yet, those that may still hold a
     * memory the recall picks, given what was read so far ({@code sharers}, scored exactly, and
     * {@code read}, the groups of the owners read first, scored as sharing no term).
     *
     * <p>A memory of a group not read shares no term with the query (the sharers of every owner are read
     * apart) and is never recalled (with the use factor on, the recalled ones are read apart too), so it
     * scores at most what its type and the heaviest weight of its bucket score seen at as_of (recency 1),
     * an upper bound known before any row is read. When the K-th best of what is known already ranks above
     * that bound (in the ranker's order: a match ranks above it with relevance first, else a higher score),
     * and for the preferences the best known preference does too (the top-K guard), no memory of the group
     * can be picked, and the group need not be read. What is known ranks at least where it is put here: a
     * memory read in a group that shares a term is only underrated. With an entity filter, what is known
     * need not match it, so every group of an admitted type is read.
     */
    public Set<RecencyGroup> groupsWorthReading(List<TermSharer> sharers, List<UnreadMemory> read, int queryTerms,
                                                RecallFilter filter, Instant asOf, int limit) {
        Set<RecencyGroup> admitted = new LinkedHashSet<>();
        RecencyGroup.all().stream().filter(g -> filter.admitsType(g.type())).forEach(admitted::add);
        if (filter.entity().isPresent()) {
            return admitted;
        }
        Map<String, Picked> known = new HashMap<>();
        for (TermSharer m : sharers) {
            RankingKey k = m.key();
            if (filter.admitsType(k.type()) && !m.partlySuperseded()) {
                double jaccard = Jaccard.fromCounts(queryTerms, m.termCount(), m.sharedTerms());
                known.put(k.id(), new Picked(k, ranker.factorsFromJaccard(k, jaccard, m.cosine(), asOf).score(),
                        ranker.matches(jaccard, m.cosine())));
            }
        }
        for (UnreadMemory m : read) {
            RankingKey k = m.key();
            if (filter.admitsType(k.type())) {
                known.putIfAbsent(k.id(), new Picked(k, ranker.factorsSharingNoTerm(k, m.cosine(), asOf).score(),
                        ranker.matchesSharingNoTerm(m.cosine())));
            }
        }
        Comparator<Picked> order = ranker.order(Picked::matched, Picked::score, Picked::lastSeenAt, Picked::id);
        List<Picked> best = known.values().stream().sorted(order).toList();
        Picked kth = best.size() >= limit ? best.get(limit - 1) : null;
        Picked bestPreference = best.stream().filter(p -> p.key().type() == MemoryType.LONG_TERM_PREFERENCE)
                .findFirst().orElse(null);
        Set<RecencyGroup> worth = new LinkedHashSet<>();
        for (RecencyGroup g : admitted) {
            double atMost = ranker.factorsSharingNoTerm(new RankingKey("", g.type(), g.weightBucket(), asOf),
                    OptionalDouble.empty(), asOf).score();
            boolean beaten = ranksAbove(kth, atMost)
                    && (g.type() != MemoryType.LONG_TERM_PREFERENCE || ranksAbove(bestPreference, atMost));
            if (!beaten) {
                worth.add(g);
            }
        }
        return worth;
    }

    /**
     * Whether {@code known} ranks above every memory sharing no term that scores at most {@code atMost}:
     * strictly above in score (a tie would go to last_seen_at and id, which the bound does not know), or,
     * relevance first, by matching the query when they do not.
     */
    private boolean ranksAbove(Picked known, double atMost) {
        if (known == null) {
            return false;
        }
        return known.score() > atMost || (ranker.mode() == RankingMode.RELEVANCE && known.matched());
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
