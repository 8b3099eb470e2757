package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.ContextResult.RecalledMemory;
import dev.pmmemory.application.port.in.RecallContext;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.domain.memory.EntityKey;
import dev.pmmemory.domain.classify.Lexicon;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.recall.ContextRanker;
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
import java.util.Set;

/** The read path of DOMAIN.md §6. Reads never write. */
public final class ContextRecall implements RecallContext {
    private final MemoryStore store;
    private final TextAnalyzer analyzer;
    private final ContextRanker ranker;
    private final MemoryViews views;
    private final Clock clock;

    public ContextRecall(MemoryStore store, Lexicon lexicon, TextAnalyzer analyzer, Clock clock) {
        this.store = store;
        this.analyzer = analyzer;
        this.ranker = new ContextRanker(type -> lexicon.ruleFor(type).priority());
        this.views = new MemoryViews(lexicon);
        this.clock = clock;
    }

    @Override
    public ContextResult recall(RecallContextQuery q) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Instant asOf = q.asOf() != null ? q.asOf() : now;
        Set<String> terms = analyzer.queryTerms(q.query());
        List<Memory> candidates = store.read(tx -> candidates(tx, q, asOf, terms));
        RecallFilter filter = new RecallFilter(q.types(), Optional.ofNullable(q.entity()));
        List<ScoredMemory> ranked = ranker.rank(terms, candidates, filter, asOf, q.limit());
        List<RecalledMemory> items = ranked.stream()
                .map(s -> new RecalledMemory(views.at(s.memory(), asOf), s.score(), s.factors()))
                .toList();
        return new ContextResult(q.profileId(), q.query(), asOf, items, PromptBlock.render(ranked));
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
