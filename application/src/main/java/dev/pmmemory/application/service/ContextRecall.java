package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.ContextInclude;
import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.ContextResult.RecalledMemory;
import dev.pmmemory.application.port.in.RecallContext;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.application.port.out.Memories.TermMatch;
import dev.pmmemory.application.port.out.MemoryVectors.RankingFacts;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.EntityKey;
import dev.pmmemory.domain.classify.Lexicon;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.recall.ContextRanker;
import dev.pmmemory.domain.recall.Cosine;
import dev.pmmemory.domain.recall.ExperienceRanker;
import dev.pmmemory.domain.recall.HybridMatch;
import dev.pmmemory.domain.recall.PromptBlock;
import dev.pmmemory.domain.recall.RecallFilter;
import dev.pmmemory.domain.recall.ScoredExperience;
import dev.pmmemory.domain.recall.ScoredMemory;
import dev.pmmemory.domain.text.Jaccard;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
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
    private final ExperienceRanker experienceRanker = new ExperienceRanker();
    private final MemoryViews views;
    private final PastStates pastStates;
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
        this.pastStates = new PastStates(lexicon);
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
        List<Fact> facts; // read with the memories: one snapshot, one transaction
        if (asOf.isBefore(now)) {
            ranked = rankAsItWas(q, asOf, terms, filter);
            // the past is settled: a read of its own sees the facts valid then as any other would
            facts = store.read(tx -> tx.facts().validAt(q.profileId(), asOf));
        } else if (embeddings.isEmpty()) {
            WithFacts<List<Memory>> read = store.read(tx -> new WithFacts<>(candidates(tx, q, asOf, terms, filter),
                    tx.facts().validAt(q.profileId(), asOf)));
            ranked = ranker.rank(terms, read.memories(), filter, asOf, q.limit());
            facts = read.facts();
        } else {
            Embeddings model = embeddings.get();
            float[] queryVector = model.embed(q.query()); // before the read: no snapshot held while it computes
            WithFacts<Semantic> read = store.read(tx -> new WithFacts<>(
                    semanticCandidates(tx, q, asOf, terms, filter, queryVector, model.model()),
                    tx.facts().validAt(q.profileId(), asOf)));
            Semantic semantic = read.memories();
            ranked = ranker.rank(terms, semantic.candidates(), filter, asOf, q.limit(),
                    m -> cosine(queryVector, semantic.vectors().get(m.id())));
            facts = read.facts();
        }
        List<RecalledMemory> items = ranked.stream()
                .map(s -> new RecalledMemory(views.at(s.memory(), asOf), s.score(), s.factors()))
                .toList();
        if (!q.includes(ContextInclude.EXPERIENCES)) {
            return new ContextResult(q.profileId(), q.query(), asOf, items, Optional.empty(),
                    PromptBlock.withFacts(facts, PromptBlock.render(ranked)));
        }
        List<ScoredExperience> experiences = experiences(q, terms, asOf);
        return new ContextResult(q.profileId(), q.query(), asOf, items, Optional.of(experiences),
                PromptBlock.withFacts(facts, PromptBlock.render(ranked, experiences)));
    }

    /** The memories read for a query and the facts valid at its as_of, from one snapshot. */
    private record WithFacts<T>(T memories, List<Fact> facts) {
    }

    /**
     * Recall of a past instant: every memory visible then, each as it was then (weight, last_seen_at,
     * expiry, entities given up), ranked whole. The candidate selection of the present does not hold
     * for the past (it groups memories by today's weight and last_seen_at), and a past read is an
     * audit question rather than the bot's hot path. Visible then under today's values is a superset:
     * weight and last_seen_at only grow, a closed window keeps its valid_until; only an expiry a
     * correction later moved earlier than it was is missed (docs/rules.md).
     */
    private List<ScoredMemory> rankAsItWas(RecallContextQuery q, Instant asOf, Set<String> terms,
                                           RecallFilter filter) {
        if (embeddings.isEmpty()) {
            List<Memory> then = store.read(tx -> pastStates.at(tx, q.profileId(),
                    tx.memories().findVisible(q.profileId(), asOf), asOf));
            return ranker.rank(terms, then, filter, asOf, q.limit());
        }
        Embeddings model = embeddings.get();
        float[] queryVector = model.embed(q.query());
        Map<String, float[]> vectors = new HashMap<>();
        List<Memory> then = store.read(tx -> {
            for (RankingFacts f : tx.vectors().findVisibleRankingFacts(q.profileId(), asOf, model.model())) {
                if (f.vector() != null) {
                    vectors.put(f.memoryId(), f.vector());
                }
            }
            return pastStates.at(tx, q.profileId(), tx.memories().findVisible(q.profileId(), asOf), asOf);
        });
        return ranker.rank(terms, then, filter, asOf, q.limit(), m -> cosine(queryVector, vectors.get(m.id())));
    }

    /**
     * The relevant experiences: only those sharing a query term can be, so a query without terms
     * reads nothing. A read of its own: experiences are never changed once stored, so this snapshot
     * can differ from the memories' only by one recorded in between, as if asked a moment later.
     */
    private List<ScoredExperience> experiences(RecallContextQuery q, Set<String> terms, Instant asOf) {
        if (terms.isEmpty()) {
            return List.of();
        }
        return experienceRanker.rank(terms,
                store.read(tx -> tx.experiences().findSharingTerms(q.profileId(), asOf, terms)), asOf, q.limit());
    }

    private record Semantic(List<Memory> candidates, Map<String, float[]> vectors) {
    }

    /** A visible memory scored from its ranking facts alone, before it is read whole. */
    private record Light(String memoryId, MemoryType type, Instant lastSeenAt, double score) {
    }

    private static final Comparator<Light> LIGHT_ORDER = ContextRanker.order(
            Light::score, Light::lastSeenAt, Light::memoryId);

    /**
     * With semantic recall the argument of {@link #candidates} no longer holds: the cosine can lift
     * a memory that shares no term with the query above more recent ones of its group. But a
     * memory's score needs only its type, weight, last_seen_at, vector and, when it shares a term,
     * its shared and distinct term counts (Jaccard from counts). So every visible memory is scored
     * from those (two light reads), and only the ones that can be picked are read whole: the
     * {@code limit} best, the best preference (top-K guard) and, with an entity filter, those about
     * the entity. The top K of all visible memories is among these.
     */
    private Semantic semanticCandidates(StoreTransaction tx, RecallContextQuery q, Instant asOf, Set<String> terms,
                                        RecallFilter filter, float[] queryVector, String model) {
        Map<String, TermMatch> sharing = new HashMap<>();
        if (!terms.isEmpty()) {
            tx.memories().findVisibleTermMatches(q.profileId(), asOf, terms).forEach(m -> sharing.put(m.memoryId(), m));
        }
        Map<String, float[]> vectors = new HashMap<>();
        List<Light> scored = new ArrayList<>();
        for (RankingFacts f : tx.vectors().findVisibleRankingFacts(q.profileId(), asOf, model)) {
            if (f.vector() != null) {
                vectors.put(f.memoryId(), f.vector());
            }
            if (filter.admitsType(f.type())) {
                TermMatch match = sharing.get(f.memoryId());
                double jaccard = match == null ? 0.0 : jaccard(terms, match);
                double score = ranker.factors(f.type(), f.weight(), f.lastSeenAt(), jaccard,
                        cosine(queryVector, f.vector()), asOf).score();
                scored.add(new Light(f.memoryId(), f.type(), f.lastSeenAt(), score));
            }
        }
        Map<String, Memory> byId = aboutTheEntity(tx, q, asOf);
        readWhole(tx, q, mayBePicked(scored, q.limit()), byId);
        return new Semantic(List.copyOf(byId.values()), vectors);
    }

    /** Jaccard of the query terms and a memory's keywords, from the counts the store gives. */
    private static double jaccard(Set<String> terms, TermMatch match) {
        return Jaccard.fromCounts(terms.size(), match.termCount(), match.sharedTerms());
    }

    /** The {@code limit} best of {@code scored} and the best preference among them. */
    private static List<String> mayBePicked(List<Light> scored, int limit) {
        List<String> ids = new ArrayList<>();
        if (scored.isEmpty()) {
            return ids;
        }
        // a bounded selection, not a sort of every scored memory
        java.util.PriorityQueue<Light> worstFirst = new java.util.PriorityQueue<>(LIGHT_ORDER.reversed());
        Light bestPreference = null;
        for (Light l : scored) {
            worstFirst.add(l);
            if (worstFirst.size() > limit) {
                worstFirst.poll();
            }
            if (l.type() == MemoryType.LONG_TERM_PREFERENCE
                    && (bestPreference == null || LIGHT_ORDER.compare(l, bestPreference) < 0)) {
                bestPreference = l;
            }
        }
        worstFirst.forEach(l -> ids.add(l.memoryId()));
        if (bestPreference != null) {
            ids.add(bestPreference.memoryId());
        }
        return ids;
    }

    private static void readWhole(StoreTransaction tx, RecallContextQuery q, List<String> ids, Map<String, Memory> byId) {
        for (String id : ids) {
            if (!byId.containsKey(id)) {
                tx.memories().findById(q.profileId(), id).ifPresent(m -> byId.put(id, m));
            }
        }
    }

    /** A memory without a vector of this model (stored before semantic recall was on) keeps the set similarity. */
    private static OptionalDouble cosine(float[] query, float[] memory) {
        // a vector of another length is of another model version: no similarity, not an error
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
     * share no term. A memory that shares a term is scored exactly from its ranking facts and term
     * counts (a light read: a common term can have thousands), and only the {@code limit} best of
     * them and their best preference are read whole. Together they hold the top K and the best
     * preference for the top-K guard, which ignores the entity filter; with an entity filter, every
     * memory about the entity is taken too.
     */
    private List<Memory> candidates(StoreTransaction tx, RecallContextQuery q, Instant asOf, Set<String> terms,
                                    RecallFilter filter) {
        Map<String, Memory> byId = aboutTheEntity(tx, q, asOf);
        if (!terms.isEmpty()) {
            List<Light> sharing = new ArrayList<>();
            for (TermMatch m : tx.memories().findVisibleTermMatches(q.profileId(), asOf, terms)) {
                if (filter.admitsType(m.type())) {
                    double score = ranker.factors(m.type(), m.weight(), m.lastSeenAt(), jaccard(terms, m),
                            OptionalDouble.empty(), asOf).score();
                    sharing.add(new Light(m.memoryId(), m.type(), m.lastSeenAt(), score));
                }
            }
            readWhole(tx, q, mayBePicked(sharing, q.limit()), byId);
        }
        tx.memories().findMostRecentVisiblePerGroup(q.profileId(), asOf, q.limit())
                .forEach(m -> byId.putIfAbsent(m.id(), m));
        return List.copyOf(byId.values());
    }

    /** With an entity filter, every memory about the entity (the only ones it lets into the top K), by id. */
    private static Map<String, Memory> aboutTheEntity(StoreTransaction tx, RecallContextQuery q, Instant asOf) {
        Map<String, Memory> byId = new LinkedHashMap<>();
        if (q.entity() != null) {
            tx.memories().findVisibleAbout(q.profileId(), asOf, EntityKey.of(q.entity()))
                    .forEach(m -> byId.putIfAbsent(m.id(), m));
        }
        return byId;
    }
}
