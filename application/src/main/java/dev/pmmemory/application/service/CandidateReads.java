package dev.pmmemory.application.service;

import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.application.port.out.Memories.RankedTermMatch;
import dev.pmmemory.application.port.out.Memories.TermMatch;
import dev.pmmemory.application.port.out.MemoryVectors.RankingColumns;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.recall.Cosine;
import dev.pmmemory.domain.recall.RankingKey;
import dev.pmmemory.domain.recall.RecallFilter;
import dev.pmmemory.domain.recall.RecallPolicy;
import dev.pmmemory.domain.recall.RecallWindow;
import dev.pmmemory.domain.recall.RecencyGroup;
import dev.pmmemory.domain.recall.SemanticSimilarity;
import dev.pmmemory.domain.recall.SharerRanking;
import dev.pmmemory.domain.recall.TermSharer;
import dev.pmmemory.domain.recall.UnreadMemory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Reads, inside the caller's transaction, the memories a recall ranks: those the
 * {@link RecallPolicy} says can reach the top K (present), or every memory visible then as it
 * was (past), with the cosine of each to the query's vector when semantic recall is on.
 */
final class CandidateReads {

    /** The query's embedding under {@code model}. */
    record QueryVector(String model, float[] vector) {
    }

    /** What the ranker is given: the memories and, semantic recall on, each one's cosine to the query. */
    record Candidates(List<Memory> memories, SemanticSimilarity similarity) {
    }

    private final RecallPolicy policy;
    private final PastStates pastStates;

    CandidateReads(RecallPolicy policy, Lexicon lexicon) {
        this.policy = policy;
        this.pastStates = new PastStates(lexicon);
    }

    /**
     * The present: only what the policy says can be picked. The memories sharing a query term are
     * first read as counts (a common term can have thousands) and only those the policy picks are
     * read whole.
     */
    Candidates present(StoreTransaction tx, String profileId, Set<String> terms, RecallFilter filter, Instant asOf,
                       int limit, Optional<QueryVector> query) {
        return picked(tx, List.of(profileId), terms, filter, RecallWindow.present(asOf), limit, query);
    }

    /**
     * The present over the memories of several owners at once (a member and its teams, docs/rules.md §12),
     * semantic recall off: picked among them all as if one owner held them, so each read is one statement
     * over every owner and only the K best of them all are read whole, not the K best of each.
     */
    Candidates presentOfOwners(StoreTransaction tx, List<String> owners, Set<String> terms, RecallFilter filter,
                               Instant asOf, int limit) {
        return picked(tx, owners, terms, filter, RecallWindow.present(asOf), limit, Optional.empty());
    }

    /**
     * What the policy says can be picked among the memories the window admits, each as stored: exact for
     * those the window admits (their stored values are those at its instant).
     */
    private Candidates picked(StoreTransaction tx, List<String> owners, Set<String> terms, RecallFilter filter,
                              RecallWindow window, int limit, Optional<QueryVector> query) {
        Instant asOf = window.asOf();
        Map<String, Memory> byId = new LinkedHashMap<>();
        for (String owner : owners) {
            tx.memories().findCandidates(owner, policy.candidates(terms, filter, window, limit, query.isPresent()))
                    .forEach(m -> byId.put(m.id(), m));
        }
        Map<String, TermMatch> recalled = recalled(tx, owners, terms, window);
        if (query.isEmpty()) {
            List<TermSharer> sharers = withUse(bestSharers(tx, owners, terms, filter, window, limit), recalled)
                    .stream().map(m -> sharer(m, OptionalDouble.empty())).toList();
            List<String> wanted = new ArrayList<>(
                    policy.sharersWorthReadingWhole(sharers, terms.size(), filter, asOf, limit));
            Map<String, UnreadMemory> recent = new LinkedHashMap<>();
            int perGroup = policy.mostRecentPerGroup(limit, false);
            tx.memories().findMostRecentVisiblePerGroupKeys(owners.subList(0, 1), window, perGroup)
                    .forEach(key -> recent.put(key.id(), new UnreadMemory(withUse(key, recalled), OptionalDouble.empty())));
            // a recalled memory sharing no term may rank above the most recent of its group: its use lifts it
            recalled.values().stream().filter(m -> m.sharedTerms() == 0)
                    .forEach(m -> recent.putIfAbsent(m.key().id(), new UnreadMemory(m.key(), OptionalDouble.empty())));
            if (owners.size() > 1) {
                // the further owners' groups (a member's teams) only where they can still beat what is read
                Set<RecencyGroup> groups = policy.groupsWorthReading(sharers, List.copyOf(recent.values()),
                        terms.size(), filter, asOf, limit);
                tx.memories().findMostRecentVisiblePerGroupKeys(owners.subList(1, owners.size()), groups, window, perGroup)
                        .forEach(key -> recent.put(key.id(), new UnreadMemory(withUse(key, recalled), OptionalDouble.empty())));
            }
            wanted.addAll(policy.worthReadingWhole(List.copyOf(recent.values()), filter, asOf, limit));
            readWhole(tx, owners, wanted, byId); // one read of the few picked
            return new Candidates(List.copyOf(byId.values()), SemanticSimilarity.NONE);
        }
        if (owners.size() != 1) {
            throw new IllegalArgumentException("semantic recall reads one owner at a time, given " + owners);
        }
        String profileId = owners.get(0);
        List<TermMatch> matches = terms.isEmpty() ? List.of()
                : withUse(tx.memories().findVisibleTermMatches(profileId, window, terms), recalled);
        QueryVector qv = query.get();
        Map<String, TermMatch> matchById = new HashMap<>(matches.size() * 4 / 3 + 1);
        matches.forEach(m -> matchById.put(m.key().id(), m));
        List<RankingColumns> visible = tx.vectors().findVisibleRankingColumns(profileId, asOf, qv.model());
        Map<String, float[]> vectors = new HashMap<>(visible.size() * 4 / 3 + 1);
        List<UnreadMemory> rest = new ArrayList<>(visible.size());
        for (RankingColumns f : visible) {
            String id = f.key().id();
            if (f.vector() != null) {
                vectors.put(id, f.vector());
            }
            if (!matchById.containsKey(id) && !byId.containsKey(id)) {
                rest.add(new UnreadMemory(withUse(f.key(), recalled), cosine(qv.vector(), f.vector())));
            }
        }
        // each sharer with the cosine the ranker will give it once read
        List<TermSharer> sharers = matches.stream()
                .map(m -> sharer(m, cosine(qv.vector(), vectors.get(m.key().id())))).toList();
        List<String> wanted = new ArrayList<>(
                policy.sharersWorthReadingWhole(sharers, terms.size(), filter, asOf, limit));
        wanted.addAll(policy.worthReadingWhole(rest, filter, asOf, limit));
        readWhole(tx, owners, wanted, byId);
        return new Candidates(List.copyOf(byId.values()), m -> cosine(qv.vector(), vectors.get(m.id())));
    }

    /**
     * The term sharers that can be picked (semantic recall off), scored by the store: the few best of
     * each {@link RecallPolicy#sharerRankings ranking}, or, when a near tie at the last one needed
     * leaves that open, every sharer as counts.
     */
    private List<TermMatch> bestSharers(StoreTransaction tx, List<String> owners, Set<String> terms,
                                        RecallFilter filter, RecallWindow window, int limit) {
        Map<String, TermMatch> union = new LinkedHashMap<>();
        for (SharerRanking ranking : policy.sharerRankings(terms, filter, window, limit)) {
            List<RankedTermMatch> best = tx.memories().findBestTermMatches(owners, ranking);
            List<Double> scores = best.stream().filter(b -> !b.match().partlySuperseded())
                    .map(RankedTermMatch::storeScore).toList();
            if (!ranking.settles(scores)) {
                return tx.memories().findVisibleTermMatches(owners, window, terms);
            }
            best.forEach(b -> union.putIfAbsent(b.match().key().id(), b.match()));
        }
        return List.copyOf(union.values());
    }

    /**
     * With the use factor on, the memories present recalls returned, by id (the other finders read keys
     * without use); none with it off.
     */
    private Map<String, TermMatch> recalled(StoreTransaction tx, List<String> owners, Set<String> terms,
                                            RecallWindow window) {
        if (!policy.scoresUse()) {
            return Map.of();
        }
        Map<String, TermMatch> byId = new HashMap<>();
        for (String owner : owners) {
            tx.memories().findVisibleRecalled(owner, window, terms).forEach(m -> byId.put(m.key().id(), m));
        }
        return byId;
    }

    /**
     * The term sharers with each recalled one's use in its key, and the recalled sharers missing among them:
     * a store ranks sharers without use, so one that use lifts may not be among its best.
     */
    private static List<TermMatch> withUse(List<TermMatch> sharers, Map<String, TermMatch> recalled) {
        if (recalled.isEmpty()) {
            return sharers;
        }
        Map<String, TermMatch> out = new LinkedHashMap<>();
        sharers.forEach(m -> out.put(m.key().id(), recalled.getOrDefault(m.key().id(), m)));
        recalled.values().stream().filter(m -> m.sharedTerms() > 0).forEach(m -> out.putIfAbsent(m.key().id(), m));
        return List.copyOf(out.values());
    }

    private static RankingKey withUse(RankingKey key, Map<String, TermMatch> recalled) {
        TermMatch m = recalled.get(key.id());
        return m == null ? key : m.key();
    }

    private static TermSharer sharer(TermMatch m, OptionalDouble cosine) {
        return new TermSharer(m.key(), m.sharedTerms(), m.termCount(), m.partlySuperseded(), cosine);
    }

    private static void readWhole(StoreTransaction tx, List<String> owners, List<String> ids,
                                  Map<String, Memory> byId) {
        List<String> missing = ids.stream().filter(id -> !byId.containsKey(id)).distinct().toList();
        if (missing.isEmpty()) {
            return;
        }
        Map<String, Memory> found = new HashMap<>();
        tx.memories().findByIds(owners, missing).forEach(m -> found.put(m.id(), m));
        // in the order picked, as the reads one by one did
        missing.forEach(id -> {
            Memory m = found.get(id);
            if (m != null) {
                byId.put(id, m);
            }
        });
    }

    /**
     * Recall of a past instant, each memory as it was then (weight, last_seen_at, expiry, entities given
     * up). The memories not seen again since still hold the values they had then: the same indexed reads
     * as the present pick among them exactly ({@link RecallWindow#settledAt}). The others, seen again
     * since or partly superseded, are the few whose stored values overrate them then: all of them are read
     * ({@code findChangedSince}) and taken back to that instant, so nothing that ranked higher then is left
     * out. Visible then under today's values is a superset (weight and last_seen_at only grow, a closed
     * window keeps its valid_until); only an expiry a correction later moved earlier than it was is missed
     * (docs/rules.md).
     *
     * <p>With semantic recall on, every memory visible then is read and ranked whole: semantic recall
     * scores every visible memory's vector anyway.
     */
    Candidates past(StoreTransaction tx, String profileId, Set<String> terms, RecallFilter filter, Instant asOf,
                    int limit, Optional<QueryVector> query) {
        if (query.isEmpty()) {
            Map<String, Memory> byId = new LinkedHashMap<>();
            picked(tx, List.of(profileId), terms, filter, RecallWindow.settledAt(asOf), limit, query).memories()
                    .forEach(m -> byId.put(m.id(), m));
            tx.memories().findChangedSince(profileId, asOf).forEach(m -> byId.putIfAbsent(m.id(), m));
            return new Candidates(pastStates.at(tx, profileId, List.copyOf(byId.values()), asOf), SemanticSimilarity.NONE);
        }
        List<Memory> then = pastStates.at(tx, profileId, tx.memories().findVisible(profileId, asOf), asOf);
        QueryVector qv = query.get();
        Map<String, float[]> vectors = new HashMap<>();
        for (RankingColumns f : tx.vectors().findVisibleRankingColumns(profileId, asOf, qv.model())) {
            if (f.vector() != null) {
                vectors.put(f.key().id(), f.vector());
            }
        }
        return new Candidates(then, m -> cosine(qv.vector(), vectors.get(m.id())));
    }

    /** A memory without a vector of this model (stored before semantic recall was on) keeps the set similarity. */
    private static OptionalDouble cosine(float[] query, float[] memory) {
        // a vector of another length is of another model version: no similarity, not an error
        if (memory == null || memory.length != query.length) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(Cosine.similarity(query, memory));
    }
}
