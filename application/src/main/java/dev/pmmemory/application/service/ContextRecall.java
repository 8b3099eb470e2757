package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.ContextResult.RecalledMemory;
import dev.pmmemory.application.port.in.RecallContext;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.domain.memory.EntityKey;
import dev.pmmemory.domain.classify.Lexicon;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.recall.ContextRanker;
import dev.pmmemory.domain.recall.Cosine;
import dev.pmmemory.domain.recall.HybridMatch;
import dev.pmmemory.domain.recall.PromptBlock;
import dev.pmmemory.domain.recall.RecallFilter;
import dev.pmmemory.domain.recall.ScoredMemory;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/** The read path of DOMAIN.md §6. Reads never write. */
public final class ContextRecall implements RecallContext {
    private final MemoryStore store;
    private final TextAnalyzer analyzer;
    private final ContextRanker ranker;
    private final MemoryViews views;
    private final Clock clock;
    private final Optional<Embeddings> embeddings;

    public ContextRecall(MemoryStore store, Lexicon lexicon, TextAnalyzer analyzer, Clock clock) {
        this(store, lexicon, analyzer, clock, Optional.empty(), HybridMatch.defaults(0.0));
    }

    /**
     * @param embeddings when present (semantic recall on), keyword_match is {@code hybrid}'s mix of
     *                   the set similarity and the cosine of the query's and each memory's vector
     */
    public ContextRecall(MemoryStore store, Lexicon lexicon, TextAnalyzer analyzer, Clock clock,
                         Optional<Embeddings> embeddings, HybridMatch hybrid) {
        this.store = store;
        this.analyzer = analyzer;
        this.ranker = new ContextRanker(type -> lexicon.ruleFor(type).priority(), hybrid);
        this.views = new MemoryViews(lexicon);
        this.clock = clock;
        this.embeddings = java.util.Objects.requireNonNull(embeddings, "embeddings");
    }

    @Override
    public ContextResult recall(RecallContextQuery q) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Instant asOf = q.asOf() != null ? q.asOf() : now;
        Set<String> terms = analyzer.queryTerms(q.query());
        RecallFilter filter = new RecallFilter(q.types(), Optional.ofNullable(q.entity()));
        List<ScoredMemory> ranked;
        if (embeddings.isEmpty()) {
            List<Memory> candidates = store.read(tx -> candidates(tx, q, asOf, terms));
            ranked = ranker.rank(terms, candidates, filter, asOf, q.limit());
        } else {
            Embeddings model = embeddings.get();
            float[] queryVector = model.embed(q.query()); // before the read: no snapshot held while it computes
            Semantic semantic = store.read(tx -> semanticCandidates(tx, q, asOf, model.model()));
            ranked = ranker.rank(terms, semantic.candidates(), filter, asOf, q.limit(),
                    m -> cosine(queryVector, semantic.vectors().get(m.id())));
        }
        List<RecalledMemory> items = ranked.stream()
                .map(s -> new RecalledMemory(views.at(s.memory(), asOf), s.score(), s.factors()))
                .toList();
        return new ContextResult(q.profileId(), q.query(), asOf, items, PromptBlock.render(ranked));
    }

    private record Semantic(List<Memory> candidates, Map<String, float[]> vectors) {
    }

    /**
     * With semantic recall every visible memory is a candidate: the argument of
     * {@link #candidates} no longer holds, since the cosine can lift a memory that shares no term
     * with the query above more recent ones of its group. The profile's visible memories are read
     * with their vectors of this model.
     */
    private static Semantic semanticCandidates(StoreTransaction tx, RecallContextQuery q, Instant asOf, String model) {
        List<Memory> visible = tx.memories().findVisible(q.profileId(), asOf);
        Map<String, float[]> vectors = tx.vectors().find(q.profileId(), model,
                visible.stream().map(Memory::id).toList());
        return new Semantic(visible, vectors);
    }

    /** A memory without a vector of this model (stored before semantic recall was on) keeps the set similarity. */
    private static OptionalDouble cosine(float[] query, float[] memory) {
        if (memory == null || memory.length != query.length) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(Cosine.similarity(query, memory));
    }

    /**
     * A superset of what the ranker can pick, without reading every memory of the profile.
     *
     * <p>A memory that shares no term with the query has keyword_match 0 (a preference: its
     * floor), so within one type and one weight bucket its score only grows with last_seen_at.
     * The {@code limit} most recent of every such group therefore hold the best memories that
     * share no term; the memories that share a term are all taken. Together they hold the top K
     * and the best preference for the top-K guard, which ignores the entity filter; with an
     * entity filter, every memory about the entity is taken too.
     */
    private static List<Memory> candidates(StoreTransaction tx, RecallContextQuery q, Instant asOf,
                                           Set<String> terms) {
        Map<String, Memory> byId = new LinkedHashMap<>();
        List<Memory> narrowed = new java.util.ArrayList<>(
                tx.memories().findVisibleSharingTerms(q.profileId(), asOf, terms));
        if (q.entity() != null) {
            narrowed.addAll(tx.memories().findVisibleAbout(q.profileId(), asOf, EntityKey.of(q.entity())));
        }
        narrowed.forEach(m -> byId.put(m.id(), m));
        tx.memories().findMostRecentVisiblePerGroup(q.profileId(), asOf, q.limit())
                .forEach(m -> byId.putIfAbsent(m.id(), m));
        return List.copyOf(byId.values());
    }
}
