package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.RecallUse;
import dev.pmmemory.domain.text.Jaccard;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * Ranks the memories visible at an instant for a query (rules.md §6):
 * score = 0.4·keyword_match + 0.2·recency_decay + 0.3·type_priority + 0.1·weight_normalized.
 * With semantic recall on, keyword_match is the {@link HybridMatch} of the set similarity and the
 * embeddings' cosine; without it, the set similarity alone. The set similarity is over the memory's
 * live terms: not through an entity a newer opposite decision took over.
 *
 * <p>{@link RankingMode#RELEVANCE} (default) puts every memory that matches the query (keyword_match
 * above 0 before the preference floor) above every one that does not; {@link RankingMode#SCORE_ONLY} orders
 * by score alone. Either way the top K carries a visible preference (the top-K guard).
 */
public final class ContextRanker {

    /** The ranking order of rules.md §6 over anything scored: score desc, then last_seen_at desc, then id. */
    public static <T> Comparator<T> order(ToDoubleFunction<T> score, Function<T, Instant> lastSeenAt,
                                          Function<T, String> id) {
        return Comparator.comparingDouble(score).reversed()
                .thenComparing(lastSeenAt, Comparator.reverseOrder())
                .thenComparing(id);
    }

    private final ToDoubleFunction<MemoryType> typePriority;
    private final HybridMatch hybrid;
    private final RankingMode mode;
    private final UseFactor use;
    private final Comparator<ScoredMemory> order;

    public ContextRanker(ToDoubleFunction<MemoryType> typePriority) {
        this(typePriority, HybridMatch.defaults(0.0));
    }

    /** @param hybrid the mix used when a query comes with a {@link SemanticSimilarity} */
    public ContextRanker(ToDoubleFunction<MemoryType> typePriority, HybridMatch hybrid) {
        this(typePriority, hybrid, RankingMode.RELEVANCE);
    }

    public ContextRanker(ToDoubleFunction<MemoryType> typePriority, HybridMatch hybrid, RankingMode mode) {
        this(typePriority, hybrid, mode, UseFactor.OFF);
    }

    /** @param use the optional fifth factor ({@link UseFactor#OFF}: the four factors of §6 alone) */
    public ContextRanker(ToDoubleFunction<MemoryType> typePriority, HybridMatch hybrid, RankingMode mode,
                         UseFactor use) {
        // each type's priority asked once: scoring asks it for every memory, and behind it may be a search
        // of a lexicon's rules (a stream per call)
        double[] priorities = new double[MemoryType.values().length];
        for (MemoryType type : MemoryType.values()) {
            priorities[type.ordinal()] = typePriority.applyAsDouble(type);
        }
        this.typePriority = type -> priorities[type.ordinal()];
        this.hybrid = java.util.Objects.requireNonNull(hybrid, "hybrid");
        this.mode = java.util.Objects.requireNonNull(mode, "mode");
        this.use = java.util.Objects.requireNonNull(use, "use");
        this.order = order(ScoredMemory::matched, ScoredMemory::score, s -> s.memory().lastSeenAt(),
                s -> s.memory().id());
    }

    public RankingMode mode() {
        return mode;
    }

    /** The use factor this ranker scores with ({@link UseFactor#OFF} when off). */
    public UseFactor use() {
        return use;
    }

    /** The same ranker without the use factor: what a recall of a past instant ranks with (counts are not kept per instant). */
    public ContextRanker withoutUse() {
        return use.on() ? new ContextRanker(typePriority, hybrid, mode, UseFactor.OFF) : this;
    }

    /** type_priority of a type, as this ranker scores it. */
    double priority(MemoryType type) {
        return typePriority.applyAsDouble(type);
    }

    /**
     * This ranker's order over anything scored: with {@link RankingMode#RELEVANCE} matched before
     * unmatched, then (and with {@link RankingMode#SCORE_ONLY} only) the order of rules.md §6.
     */
    <T> Comparator<T> order(Predicate<T> matched, ToDoubleFunction<T> score, Function<T, Instant> lastSeenAt,
                            Function<T, String> id) {
        Comparator<T> seed = order(score, lastSeenAt, id);
        if (mode == RankingMode.SCORE_ONLY) {
            return seed;
        }
        return Comparator.comparing((T t) -> !matched.test(t)).thenComparing(seed);
    }

    /**
     * @param queryTerms  the query's keywords and entities
     * @param candidates  memories of one profile (invisible ones at {@code asOf} are dropped here)
     * @param filter      narrows the candidates; the top-K guard still honours its types
     * @param limit       K, at least 1
     */
    public List<ScoredMemory> rank(Set<String> queryTerms, List<Memory> candidates, RecallFilter filter,
                                   Instant asOf, int limit) {
        return rank(queryTerms, candidates, filter, asOf, limit, SemanticSimilarity.NONE);
    }

    /**
     * As {@link #rank(Set, List, RecallFilter, Instant, int)}, keyword_match being the
     * {@link HybridMatch} of the set similarity and {@code semantic}'s cosine for each memory that
     * has one.
     */
    public List<ScoredMemory> rank(Set<String> queryTerms, List<Memory> candidates, RecallFilter filter,
                                   Instant asOf, int limit, SemanticSimilarity semantic) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be >= 1");
        }
        List<ScoredMemory> ranked = new ArrayList<>();
        ScoredMemory bestPreference = null;
        for (Memory m : candidates) {
            if (!Lifetime.isVisibleAt(m, asOf) || !filter.admitsType(m.type())) {
                continue;
            }
            ScoredMemory scored = score(m, queryTerms, asOf, semantic);
            if (m.type() == MemoryType.LONG_TERM_PREFERENCE
                    && (bestPreference == null || order.compare(scored, bestPreference) < 0)) {
                bestPreference = scored;
            }
            if (filter.matches(m)) {
                ranked.add(scored);
            }
        }
        ranked.sort(order);
        List<ScoredMemory> top = new ArrayList<>(ranked.subList(0, Math.min(limit, ranked.size())));
        carryCorePreference(top, bestPreference, limit);
        return top;
    }

    /** Top-K guard: a visible preference is always carried, in place of the last item if need be. */
    private static void carryCorePreference(List<ScoredMemory> top, ScoredMemory bestPreference, int limit) {
        if (bestPreference == null
                || top.stream().anyMatch(s -> s.memory().type() == MemoryType.LONG_TERM_PREFERENCE)) {
            return;
        }
        if (top.size() == limit) {
            top.remove(top.size() - 1);
        }
        top.add(bestPreference);
    }

    public ScoredMemory score(Memory m, Set<String> queryTerms, Instant asOf) {
        return score(m, queryTerms, asOf, SemanticSimilarity.NONE);
    }

    public ScoredMemory score(Memory m, Set<String> queryTerms, Instant asOf, SemanticSimilarity semantic) {
        double jaccard = Jaccard.similarity(queryTerms, liveTerms(m));
        OptionalDouble cosine = semantic.cosine(m);
        ScoreFactors factors = factors(m.type(), m.weight(), m.lastSeenAt(), m.recall(), keywordMatch(jaccard, cosine),
                asOf);
        return new ScoredMemory(m, factors.score(), factors, matches(jaccard, cosine));
    }

    /**
     * The terms a memory is matched on: its keywords (which hold its entities, rules.md §2) but
     * not the entities a newer opposite decision took over, so that it is not recalled through
     * them ("Anthropic" does not find "OpenAI 和 Anthropic 都可以推进" once Anthropic was
     * reversed); it still matches through its other entities and terms.
     */
    static Set<String> liveTerms(Memory m) {
        Set<String> terms = new HashSet<>(m.keywords());
        terms.removeAll(m.supersededEntityKeys());
        return terms;
    }

    /**
     * The factors of a memory that shares no term with the query (jaccard 0), from the few
     * fields they depend on: what {@link #score} gives such a memory, without reading it whole.
     */
    ScoreFactors factorsSharingNoTerm(MemoryType type, int weight, Instant lastSeenAt, OptionalDouble cosine,
                                      Instant asOf) {
        return factorsSharingNoTerm(new RankingKey("", type, weight, lastSeenAt), cosine, asOf);
    }

    /** As above, from a ranking key and its use. */
    ScoreFactors factorsSharingNoTerm(RankingKey k, OptionalDouble cosine, Instant asOf) {
        return factors(k.type(), k.weight(), k.lastSeenAt(), k.use(), keywordMatch(0.0, cosine), asOf);
    }

    /**
     * The factors of a memory from the few fields they depend on, its set similarity over its live
     * terms already known (counted by a store, {@link dev.pmmemory.domain.text.Jaccard#fromCounts}):
     * what {@link #score} gives the memory, to the last bit, without reading it whole.
     */
    ScoreFactors factorsFromJaccard(MemoryType type, int weight, Instant lastSeenAt, double jaccard,
                                    OptionalDouble cosine, Instant asOf) {
        return factorsFromJaccard(new RankingKey("", type, weight, lastSeenAt), jaccard, cosine, asOf);
    }

    /** As above, from a ranking key and its use. */
    ScoreFactors factorsFromJaccard(RankingKey k, double jaccard, OptionalDouble cosine, Instant asOf) {
        return factors(k.type(), k.weight(), k.lastSeenAt(), k.use(), keywordMatch(jaccard, cosine), asOf);
    }

    /** Whether a memory of that set similarity (over its live terms) and cosine matches the query. */
    boolean matches(double jaccard, OptionalDouble cosine) {
        return cosine.isPresent() ? hybrid.matches(jaccard, cosine.getAsDouble()) : jaccard > 0;
    }

    /** Whether a memory sharing no term with the query matches it all the same (its cosine). */
    boolean matchesSharingNoTerm(OptionalDouble cosine) {
        return matches(0.0, cosine);
    }

    /** keyword_match before the preference floor: above 0 exactly when the memory matches the query. */
    private double keywordMatch(double jaccard, OptionalDouble cosine) {
        return cosine.isPresent() ? hybrid.keywordMatch(jaccard, cosine.getAsDouble()) : jaccard;
    }

    private ScoreFactors factors(MemoryType type, int weight, Instant lastSeenAt, RecallUse recall, double keywordMatch,
                                 Instant asOf) {
        // the floor applies after the mix, and does not make a preference a match
        double floored = RankingFormula.FLOORED_KEYWORD_MATCH.evaluate(RankingValues.of(type, keywordMatch, weight,
                lastSeenAt.toEpochMilli(), asOf.toEpochMilli()));
        ScoreFactors four = factors(floored, typePriority.applyAsDouble(type), weight, lastSeenAt, asOf);
        if (!use.on()) {
            return four;
        }
        return new ScoreFactors(four.keywordMatch(), four.recencyDecay(), four.typePriority(), four.weightNormalized(),
                use.of(type, recall, asOf), use.weight());
    }

    /**
     * The four factors once keyword_match and the priority are known: recency and weight are
     * computed the same way for everything scored (memories, and experiences with their importance
     * as the priority).
     */
    static ScoreFactors factors(double keywordMatch, double priority, int weight, Instant lastSeenAt, Instant asOf) {
        RankingValues values = RankingValues.of(null, keywordMatch, weight, lastSeenAt.toEpochMilli(), asOf.toEpochMilli());
        return new ScoreFactors(keywordMatch, RankingFormula.RECENCY_DECAY.evaluate(values), priority,
                RankingFormula.WEIGHT_NORMALIZED.evaluate(values));
    }

}
