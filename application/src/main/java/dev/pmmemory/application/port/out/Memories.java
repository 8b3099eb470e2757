package dev.pmmemory.application.port.out;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.recall.RankingKey;
import dev.pmmemory.domain.recall.RecencyGroup;
import dev.pmmemory.domain.recall.RecallCandidates;
import dev.pmmemory.domain.recall.RecallPolicy;
import dev.pmmemory.domain.recall.RecallWindow;
import dev.pmmemory.domain.recall.SharerRanking;
import java.util.ArrayList;
import java.util.Comparator;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The memories of every profile. Used inside a {@link MemoryStore} transaction. */
public interface Memories {

    void insert(Memory memory);

    /** Replaces the stored memory with the same id, but for its recall use (the recall counter's alone). */
    void update(Memory memory);

    /**
     * Adds each tally to its memory's recall count and moves its last_recalled_at forward, never back, in
     * one batched statement: additions commute, so any write in between keeps its own changes. A memory no
     * longer stored (deleted, purged) is skipped. Returns how many memories were counted.
     */
    int addRecalls(Collection<RecallTally> tallies);

    Optional<Memory> findById(String profileId, String id);

    /** The memories of the profile with these ids, in no particular order; unknown ids are absent. A store reads them at once. */
    default List<Memory> findByIds(String profileId, Collection<String> ids) {
        List<Memory> found = new ArrayList<>();
        for (String id : new java.util.LinkedHashSet<>(ids)) {
            findById(profileId, id).ifPresent(found::add);
        }
        return found;
    }

    /**
     * Memories with this dedup key visible at some instant of [{@code from}, {@code until})
     * ({@code until} null: no end), as {@link dev.pmmemory.domain.memory.Lifetime#isVisibleDuring}
     * decides: the write path's dedup candidates for a message said at {@code from}.
     */
    List<Memory> findDuplicatesVisibleDuring(String profileId, MemoryType type, String normalizedContent,
                                             Instant from, Instant until);

    /**
     * Memories of {@code type} naming at least one of {@code entityKeys} and visible at some instant
     * of [{@code from}, {@code until}) ({@code until} null: no end): the conflict candidates of a new
     * decision said at {@code from}, in id order.
     */
    List<Memory> findByEntitiesVisibleDuring(String profileId, MemoryType type, Collection<String> entityKeys,
                                             Instant from, Instant until);

    /*
     * Recall finders. Each returns only the memories its RecallWindow admits (visible at the instant
     * asked; for a past instant, only those not seen again since) and is served by an index, so a
     * profile's long history is not read.
     */

    /** Every memory visible at {@code asOf}. */
    List<Memory> findVisible(String profileId, Instant asOf);

    /** Memories the window admits with at least one of {@code terms} among their keywords. */
    List<Memory> findVisibleSharingTerms(String profileId, RecallWindow window, Collection<String> terms);

    /**
     * What ranking needs of each memory the window admits sharing at least one of {@code terms},
     * without reading it whole: the same memories as {@link #findVisibleSharingTerms}.
     */
    List<TermMatch> findVisibleTermMatches(String profileId, RecallWindow window, Collection<String> terms);

    /**
     * The memories the window admits that present recalls returned (recall count above 0), each as what
     * ranking needs of it with its use in its key: {@code sharedTerms} over {@code terms}, 0 for one sharing
     * none. Read apart with the use factor on, because use can lift a memory above those the other finders
     * rank best without it (docs/rules.md "Use in the score"); never-recalled memories score as without it.
     * This default reads every visible memory; a store reads the recalled ones from an index.
     */
    default List<TermMatch> findVisibleRecalled(String profileId, RecallWindow window, Collection<String> terms) {
        Set<String> query = new java.util.HashSet<>(terms);
        List<TermMatch> out = new ArrayList<>();
        for (Memory m : findVisible(profileId, window.asOf())) {
            if (m.recall().never() || !window.admits(m)) {
                continue;
            }
            Set<String> keywords = new java.util.HashSet<>(m.keywords());
            int termCount = keywords.size();
            keywords.retainAll(query);
            out.add(new TermMatch(new RankingKey(m.id(), m.type(), m.weight(), m.lastSeenAt(), m.recall()),
                    keywords.size(), termCount, !m.supersededEntityKeys().isEmpty()));
        }
        return out;
    }

    /**
     * A memory sharing query terms, as far as its score depends on it.
     *
     * @param sharedTerms how many of the distinct query terms are among its keywords (at least 1)
     * @param termCount   how many distinct keywords it has
     * @param partlySuperseded it gave up entities ({@code supersededEntityKeys} not empty): both counts
     *                         include them, while its score is over its live terms, so it is read whole
     */
    record TermMatch(RankingKey key, int sharedTerms, int termCount, boolean partlySuperseded) {
    }

    /**
     * Of the memories visible at {@code asOf} sharing a term of {@code ranking} and of one of its
     * types: the {@link SharerRanking#limit} best by the ranking's score, best first (score desc,
     * last_seen_at desc, id asc), each with the score the store computed, followed by every
     * {@link TermMatch#partlySuperseded partly superseded} one (store score NaN; their counts do not
     * give their score). The store's score may differ from {@link SharerRanking#score} in the last
     * bits only (SharerRanking's tolerance). This default counts every sharer here; a store
     * scores them where they are, so a term shared by thousands of memories hands over a few rows.
     */
    default List<RankedTermMatch> findBestTermMatches(String profileId, SharerRanking ranking) {
        return findBestTermMatches(List.of(profileId), ranking);
    }

    /*
     * The same finders over several owners at once (a member and its teams, docs/rules.md §12): one read
     * of their memories together, as if one owner held them all. These defaults ask owner by owner; a
     * store reads them in one statement each.
     */

    /** {@link #findVisibleTermMatches} over the memories of every one of {@code owners}. */
    default List<TermMatch> findVisibleTermMatches(List<String> owners, RecallWindow window, Collection<String> terms) {
        List<TermMatch> all = new ArrayList<>();
        owners.forEach(owner -> all.addAll(findVisibleTermMatches(owner, window, terms)));
        return all;
    }

    /** {@link #findBestTermMatches(String, SharerRanking)}: the best of the memories of all {@code owners}. */
    default List<RankedTermMatch> findBestTermMatches(List<String> owners, SharerRanking ranking) {
        List<RankedTermMatch> scored = new ArrayList<>();
        List<RankedTermMatch> partly = new ArrayList<>();
        for (TermMatch m : findVisibleTermMatches(owners, ranking.window(), ranking.terms())) {
            if (!ranking.types().contains(m.key().type())) {
                continue;
            }
            if (m.partlySuperseded()) {
                partly.add(new RankedTermMatch(m, Double.NaN));
            } else {
                scored.add(new RankedTermMatch(m, ranking.score(m.key().type(), m.key().weight(), m.key().lastSeenAt(), m.sharedTerms(),
                        m.termCount())));
            }
        }
        scored.sort(RankedTermMatch.BEST_FIRST);
        List<RankedTermMatch> best = new ArrayList<>(scored.subList(0, Math.min(ranking.limit(), scored.size())));
        best.addAll(partly);
        return best;
    }

    /**
     * {@link #findMostRecentVisiblePerGroupKeys(String, RecallWindow, int)} of each of {@code owners}: a
     * superset of the most recent of them all per group, which is all recall needs of it.
     */
    default List<RankingKey> findMostRecentVisiblePerGroupKeys(List<String> owners, RecallWindow window,
                                                               int perGroup) {
        List<RankingKey> all = new ArrayList<>();
        owners.forEach(owner -> all.addAll(findMostRecentVisiblePerGroupKeys(owner, window, perGroup)));
        return all;
    }

    /**
     * {@link #findMostRecentVisiblePerGroupKeys(List, RecallWindow, int)} of only {@code groups}: a recall
     * over several owners reads the groups of the further owners that can still hold a pick
     * ({@link RecallPolicy#groupsWorthReading}).
     */
    default List<RankingKey> findMostRecentVisiblePerGroupKeys(List<String> owners, Set<RecencyGroup> groups,
                                                               RecallWindow window, int perGroup) {
        return findMostRecentVisiblePerGroupKeys(owners, window, perGroup).stream()
                .filter(k -> groups.contains(RecencyGroup.of(k.type(), k.weight()))).toList();
    }

    /** {@link #findByIds(String, Collection)}: those of {@code ids} that one of {@code owners} holds. */
    default List<Memory> findByIds(List<String> owners, Collection<String> ids) {
        List<Memory> all = new ArrayList<>();
        owners.forEach(owner -> all.addAll(findByIds(owner, ids)));
        return all;
    }

    /** A term sharer and the score a store gave it by a {@link SharerRanking} (NaN: partly superseded). */
    record RankedTermMatch(TermMatch match, double storeScore) {
        /** The order of {@link #findBestTermMatches}: store score desc, last_seen_at desc, id asc (ids are ASCII). */
        public static final Comparator<RankedTermMatch> BEST_FIRST = Comparator
                .comparingDouble(RankedTermMatch::storeScore).reversed()
                .thenComparing(m -> m.match().key().lastSeenAt(), Comparator.reverseOrder())
                .thenComparing(m -> m.match().key().id());
    }

    /**
     * A common term's other-term sharers as a store checked them for it: the {@link SharerRanking#limit}
     * best scored exactly, best first, and a score none of those left unchecked can exceed
     * ({@link Double#NEGATIVE_INFINITY} when every one was checked; {@link SharerRanking#excludesUnread}).
     */
    record CheckedSharers(List<RankedTermMatch> best, double uncheckedAtMost) {
        public static final CheckedSharers NONE = new CheckedSharers(List.of(), Double.NEGATIVE_INFINITY);

        /**
         * From at most {@code checked} rows with their exact shared counts, each carrying as its store
         * score the highest score it could have had (the rows of that highest score, best first by it, so
         * those not handed over have at most the lowest of them).
         */
        public static CheckedSharers of(SharerRanking ranking, List<RankedTermMatch> rowsWithHighest, int checked) {
            List<RankedTermMatch> best = new ArrayList<>();
            double lowestHighest = Double.POSITIVE_INFINITY;
            for (RankedTermMatch m : rowsWithHighest) {
                TermMatch s = m.match();
                lowestHighest = Math.min(lowestHighest, m.storeScore());
                // exact now that the shared count is known: the ranking's own arithmetic
                best.add(new RankedTermMatch(s, ranking.score(s.key().type(), s.key().weight(), s.key().lastSeenAt(), s.sharedTerms(),
                        s.termCount())));
            }
            best.sort(RankedTermMatch.BEST_FIRST);
            return new CheckedSharers(List.copyOf(best.subList(0, Math.min(best.size(), ranking.limit()))),
                    rowsWithHighest.size() < checked ? Double.NEGATIVE_INFINITY : lowestHighest);
        }
    }

    /** Memories the window admits that name the entity {@code entityKey}. */
    List<Memory> findVisibleAbout(String profileId, RecallWindow window, String entityKey);

    /**
     * The {@code perGroup} most recent memories the window admits of each group of one type and one
     * weight bucket ({@link RecallPolicy#weightBucket}); most recent = last_seen_at desc, then id asc.
     */
    List<Memory> findMostRecentVisiblePerGroup(String profileId, RecallWindow window, int perGroup);

    /**
     * The memories {@link #findMostRecentVisiblePerGroup} finds, reduced to what ranks a memory
     * sharing no query term: recall scores them and reads whole only the few it picks. A store
     * reads these few columns from an index instead of decoding whole rows.
     */
    default List<RankingKey> findMostRecentVisiblePerGroupKeys(String profileId, RecallWindow window, int perGroup) {
        return findMostRecentVisiblePerGroup(profileId, window, perGroup).stream()
                .map(m -> new RankingKey(m.id(), m.type(), m.weight(), m.lastSeenAt())).toList();
    }

    /**
     * The candidates of a present recall, as the domain's {@link RecallPolicy} states them: the
     * union of the three finders above, each memory once (term sharers first). A store may
     * override this with fewer reads; it must return the same memories.
     */
    default List<Memory> findCandidates(String profileId, RecallCandidates q) {
        Map<String, Memory> byId = new LinkedHashMap<>();
        if (!q.terms().isEmpty()) {
            findVisibleSharingTerms(profileId, q.window(), q.terms()).forEach(m -> byId.put(m.id(), m));
        }
        q.entityKey().ifPresent(key -> findVisibleAbout(profileId, q.window(), key)
                .forEach(m -> byId.putIfAbsent(m.id(), m)));
        if (q.mostRecentPerGroup() > 0) {
            findMostRecentVisiblePerGroup(profileId, q.window(), q.mostRecentPerGroup())
                    .forEach(m -> byId.putIfAbsent(m.id(), m));
        }
        return List.copyOf(byId.values());
    }

    /**
     * The memories visible at {@code asOf} whose stored values are not those they had then: seen again
     * since (weight and last_seen_at grew), or partly superseded (the entities they gave up may have been
     * theirs then). With {@link RecallWindow#settledAt} reads, the rest of a past recall's candidates.
     */
    List<Memory> findChangedSince(String profileId, Instant asOf);

    /** Memories wholly superseded by {@code id}: the versions before it. */
    List<Memory> findSupersededBy(String profileId, String id);

    /** Newest first (created_at desc, id desc), after the cursor position when given. */
    List<Memory> list(MemoryListQuery query);

    long countByProfile(String profileId);

    /*
     * Lifecycle jobs (sweep, purge). "Retired at" of a retired memory: valid_until when set
     * (superseded; rejected or deleted by a path that sets it), else expires_at for an expired
     * memory, else last_seen_at.
     */

    /** Every profile with a stored memory, whatever its status, by id (the re-index job's work). */
    List<String> findProfiles();

    /** Profiles with an {@code active} memory whose expires_at ≤ {@code now} (the sweep's work). */
    List<String> findProfilesWithActiveExpired(Instant now);

    /** Up to {@code limit} active memories of the profile with expires_at ≤ {@code now}, by expires_at then id. */
    List<Memory> findActiveExpired(String profileId, Instant now, int limit);

    /**
     * Up to {@code limit} active memories of the profile with an expiry after {@code now}, by id after
     * {@code afterId} (null: from the first): the work of recall-aware retention.
     */
    List<Memory> findActiveExpiring(String profileId, Instant now, String afterId, int limit);

    /**
     * Every memory of the profile last seen at or after {@code since}, whatever its status, by id: what the
     * derive job looks for patterns in.
     */
    List<Memory> findSeenSince(String profileId, Instant since);

    /** Profiles with an expired, superseded, rejected or deleted memory retired at or before {@code cutoff}. */
    List<String> findProfilesWithRetiredBefore(Instant cutoff);

    /** Up to {@code limit} such memories of the profile, by id. */
    List<Memory> findRetiredBefore(String profileId, Instant cutoff, int limit);

    /** Removes the memory with its lookup rows and vector; false when there was none. */
    boolean delete(String profileId, String id);

    /**
     * Erase (data rights): removes every memory of the profile with its lookup rows (terms,
     * entities) and vectors; returns how many memories.
     */
    int deleteProfile(String profileId);

    /** Every memory of the profile naming the entity {@code entityKey}, whatever its status, oldest first (created_at, id). */
    List<Memory> findAllAbout(String profileId, String entityKey);

    /*
     * Compaction (summaries). "Compactable at now": not yet folded into a summary, and superseded,
     * or expired (stored expired, or active with expires_at <= now: the sweep need not have run).
     */

    /**
     * The (profile, type) groups, among {@code types}, holding more than {@code moreThan}
     * compactable memories, by profile then type wire name.
     */
    List<MemoryGroup> findCompactionGroups(Collection<MemoryType> types, Instant now, int moreThan);

    /** Every compactable memory of the profile and type, oldest first (created_at, id). */
    List<Memory> findCompactable(String profileId, MemoryType type, Instant now);

    /** Links each of {@code ids} to the summary {@code summaryId} that folded it; returns how many. */
    int markSummarized(String profileId, Collection<String> ids, String summaryId);

    /** The summary that folded this memory, if one did. */
    Optional<String> findSummaryOf(String profileId, String id);

    /** Ids of the memories folded into {@code summaryId} (still stored: not yet purged), by id. */
    List<String> findSummarized(String profileId, String summaryId);
}
