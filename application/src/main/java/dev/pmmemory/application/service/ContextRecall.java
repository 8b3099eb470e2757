package dev.pmmemory.application.service;

import dev.pmmemory.application.model.ContextInclude;
import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.port.in.TeamShare;
import dev.pmmemory.domain.memory.Memory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.ContextResult.RecalledMemory;
import dev.pmmemory.application.port.in.RecallContext;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.service.CandidateReads.Candidates;
import dev.pmmemory.application.service.CandidateReads.QueryVector;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.recall.ContextRanker;
import dev.pmmemory.domain.recall.ExperienceRanker;
import dev.pmmemory.domain.recall.HybridMatch;
import dev.pmmemory.domain.recall.PromptBlock;
import dev.pmmemory.domain.recall.RankingMode;
import dev.pmmemory.domain.recall.RecallFilter;
import dev.pmmemory.domain.recall.RecallPolicy;
import dev.pmmemory.domain.recall.ScoredExperience;
import dev.pmmemory.domain.recall.ScoredMemory;
import dev.pmmemory.domain.recall.UseFactor;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The read path of rules.md §6: read (what the recall policy names), rank, render. Reads never write; the
 * recall counter only notes in memory what a present recall returned, and writes it later.
 */
public final class ContextRecall implements RecallContext {
    private final MemoryStore store;
    private final TextAnalyzer analyzer;
    private final RecallPolicy policy;
    private final CandidateReads reads;
    /** A past instant ranks without use: counts are not kept per instant (rules.md "Use in the score"). */
    private final RecallPolicy pastPolicy;
    private final CandidateReads pastReads;
    private final ExperienceRanker experienceRanker = new ExperienceRanker();
    private final MemoryViews views;
    private final Clock clock;
    private final Optional<Embeddings> embeddings;
    private final Optional<RecallCounter> counter;

    public ContextRecall(MemoryStore store, Lexicon lexicon, TextAnalyzer analyzer, Clock clock) {
        this(store, lexicon, analyzer, clock, Optional.empty(), HybridMatch.defaults(0.0));
    }

    /**
     * @param embeddings when present (semantic recall on), keyword_match is {@code hybrid}'s mix of
     *                   the set similarity and the cosine of the query's and each memory's vector
     */
    public ContextRecall(MemoryStore store, Lexicon lexicon, TextAnalyzer analyzer, Clock clock,
                         Optional<Embeddings> embeddings, HybridMatch hybrid) {
        this(store, lexicon, analyzer, clock, embeddings, hybrid, RankingMode.RELEVANCE);
    }

    /** @param mode relevance first (default) or the seed's order by score alone ({@code memory.ranking}) */
    public ContextRecall(MemoryStore store, Lexicon lexicon, TextAnalyzer analyzer, Clock clock,
                         Optional<Embeddings> embeddings, HybridMatch hybrid, RankingMode mode) {
        this(store, lexicon, analyzer, clock, embeddings, hybrid, mode, Optional.empty());
    }

    /** @param counter when present, told of the memories each present recall returns (rules.md "Recall counts") */
    public ContextRecall(MemoryStore store, Lexicon lexicon, TextAnalyzer analyzer, Clock clock,
                         Optional<Embeddings> embeddings, HybridMatch hybrid, RankingMode mode,
                         Optional<RecallCounter> counter) {
        this(store, lexicon, analyzer, clock, embeddings, hybrid, mode, counter, UseFactor.OFF);
    }

    /** @param use the optional fifth score factor (rules.md "Use in the score"); {@link UseFactor#OFF} by default */
    public ContextRecall(MemoryStore store, Lexicon lexicon, TextAnalyzer analyzer, Clock clock,
                         Optional<Embeddings> embeddings, HybridMatch hybrid, RankingMode mode,
                         Optional<RecallCounter> counter, UseFactor use) {
        this.counter = java.util.Objects.requireNonNull(counter, "counter");
        this.store = store;
        this.analyzer = analyzer;
        this.policy = new RecallPolicy(new ContextRanker(type -> lexicon.ruleFor(type).priority(), hybrid, mode, use));
        this.reads = new CandidateReads(policy, lexicon);
        this.pastPolicy = policy.withoutUse();
        this.pastReads = pastPolicy == policy ? reads : new CandidateReads(pastPolicy, lexicon);
        this.views = new MemoryViews(lexicon);
        this.clock = clock;
        this.embeddings = java.util.Objects.requireNonNull(embeddings, "embeddings");
    }

    @Override
    public ContextResult recall(RecallContextQuery asked) {
        // An alias names its canonical entity (entity=DeepSeek is 深度求索): resolved once, here.
        RecallContextQuery q = asked.entity() == null ? asked : new RecallContextQuery(asked.profileId(), asked.query(),
                asked.limit(), asked.asOf(), asked.types(), analyzer.canonicalEntity(asked.entity()), asked.include());
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        Instant asOf = q.asOf() != null ? q.asOf() : now;
        Set<String> terms = analyzer.queryTerms(q.query());
        RecallFilter filter = new RecallFilter(q.types(), Optional.ofNullable(q.entity()));
        // embedded before the read: no snapshot held while the model computes
        Optional<QueryVector> query = embeddings.map(e -> new QueryVector(e.model(), e.embed(q.query())));
        boolean past = asOf.isBefore(now);
        // the profile's memories and its teams' (rules.md §12), and its facts valid at as_of, from one snapshot
        WithFacts read = store.read(tx -> {
            List<String> teams = TeamOwner.isTeam(q.profileId()) ? List.of() : tx.teams().teamsOf(q.profileId());
            List<Fact> factsNow = tx.facts().validAt(q.profileId(), asOf);
            if (!teams.isEmpty() && !past && query.isEmpty()) {
                // the usual case: every owner's memories read together, one statement per read
                List<String> owners = new ArrayList<>();
                owners.add(q.profileId());
                teams.forEach(team -> owners.add(TeamOwner.of(team)));
                return new WithFacts(reads.presentOfOwners(tx, owners, terms, filter, asOf, q.limit()), factsNow);
            }
            Map<String, Candidates> byOwner = new LinkedHashMap<>();
            byOwner.put(q.profileId(), candidates(tx, past, q.profileId(), terms, filter, asOf, q.limit(), query));
            for (String team : teams) {
                String owner = TeamOwner.of(team);
                byOwner.put(owner, candidates(tx, past, owner, terms, filter, asOf, q.limit(), query));
            }
            return new WithFacts(merged(byOwner), factsNow);
        });
        Candidates candidates = read.candidates();
        List<Fact> facts = read.facts();
        List<ScoredMemory> ranked = (past ? pastPolicy : policy).rank(terms, candidates.memories(), filter, asOf, q.limit(),
                candidates.similarity());
        List<ScoredMemory> own = ranked.stream().filter(s -> !TeamOwner.isTeam(s.memory().profileId())).toList();
        List<ScoredMemory> teams = ranked.stream().filter(s -> TeamOwner.isTeam(s.memory().profileId())).toList();
        Map<String, List<String>> authors = authors(teams);
        List<RecalledMemory> items = ranked.stream()
                .map(s -> new RecalledMemory(views.at(s.memory(), asOf), s.score(), s.factors(), s.matched(),
                        TeamOwner.teamOf(s.memory().profileId()).map(team -> new TeamShare(team,
                                authors.getOrDefault(s.memory().id(), List.of())))))
                .toList();
        if (!asOf.isBefore(now)) {
            // a replay of the past is an audit, not a use: only present recalls count
            counter.ifPresent(c -> c.recalled(q.profileId(), ranked.stream().map(s -> s.memory().id()).toList(), now));
        }
        if (!q.includes(ContextInclude.EXPERIENCES)) {
            return new ContextResult(q.profileId(), q.query(), asOf, items, Optional.empty(),
                    PromptBlock.withFacts(facts, PromptBlock.withTeamDecisions(teams, PromptBlock.render(own))));
        }
        List<ScoredExperience> experiences = experiences(q, terms, asOf);
        return new ContextResult(q.profileId(), q.query(), asOf, items, Optional.of(experiences),
                PromptBlock.withFacts(facts, PromptBlock.withTeamDecisions(teams, PromptBlock.render(own, experiences))));
    }

    private Candidates candidates(MemoryStore.StoreTransaction tx, boolean past, String owner, Set<String> terms,
                                  RecallFilter filter, Instant asOf, int limit, Optional<QueryVector> query) {
        return past ? pastReads.past(tx, owner, terms, filter, asOf, limit, query)
                : reads.present(tx, owner, terms, filter, asOf, limit, query);
    }

    /** The candidates of several owners as one set; each memory's similarity as its owner's read gave it. */
    private static Candidates merged(Map<String, Candidates> byOwner) {
        if (byOwner.size() == 1) {
            return byOwner.values().iterator().next();
        }
        List<Memory> all = new ArrayList<>();
        byOwner.values().forEach(c -> all.addAll(c.memories()));
        return new Candidates(List.copyOf(all), m -> byOwner.get(m.profileId()).similarity().cosine(m));
    }

    /** The authors of the ranked team memories, by memory id: one read, only when a team memory was ranked. */
    private Map<String, List<String>> authors(List<ScoredMemory> teamItems) {
        if (teamItems.isEmpty()) {
            return Map.of();
        }
        Map<String, List<String>> idsByTeam = new LinkedHashMap<>();
        teamItems.forEach(s -> idsByTeam.computeIfAbsent(TeamOwner.teamOf(s.memory().profileId()).orElseThrow(),
                t -> new ArrayList<>()).add(s.memory().id()));
        return store.read(tx -> {
            Map<String, List<String>> authors = new LinkedHashMap<>();
            idsByTeam.forEach((team, ids) -> authors.putAll(
                    TeamMemoryQueries.byMemory(tx.teams().authorsOf(team, ids))));
            return authors;
        });
    }

    /** The memories read for a query and the facts valid at its as_of, from one snapshot. */
    private record WithFacts(Candidates candidates, List<Fact> facts) {
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
}
