package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.RankingRows;
import dev.pmmemory.application.port.out.VectorCache;
import static dev.pmmemory.adapters.postgres.PgSql.distinct;

import dev.pmmemory.application.port.out.Memories;
import dev.pmmemory.application.port.out.Memories.CheckedSharers;
import dev.pmmemory.application.port.out.MemoryGroup;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.recall.RecallPolicy;
import dev.pmmemory.domain.recall.SharerRanking;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;

/**
 * {@link Memories} over PostgreSQL, on the connection of the caller's transaction
 * ({@link PostgresMemoryStore}).
 *
 * <p>The recall finders need PostgreSQL's array operators ({@code &&}, {@code @>}: the GIN indexes
 * on entity_keys and keywords) and a LATERAL join (one pass over the recency index per type and
 * weight bucket); their predicates must keep the indexable shape written here
 * (PostgresStoreTest checks the plans). Every statement runs when called, in the order the use
 * case made it, so a constraint violation surfaces at the call that caused it, as with SQLite.
 */
final class PostgresMemories implements Memories {
    /** Visible at ? (three times the same instant), the window of {@link Memories}: see the index note in migration V1. */
    static final String VISIBLE = " valid_from <= ? AND (valid_until IS NULL OR valid_until > ?)"
            + " AND (expires_at IS NULL OR expires_at > ?)";
    /**
     * Visible at some instant of [from, until): Lifetime.isVisibleDuring in SQL; arguments: from,
     * from, until. The window [valid_from, min(valid_until, expires_at)) must be non-empty and meet
     * the range; pending and rejected memories never are visible.
     */
    private static final String VISIBLE_DURING = " valid_from IS NOT NULL AND status NOT IN ('pending', 'rejected')"
            + " AND (valid_until IS NULL OR (valid_until > valid_from AND valid_until > ?))"
            + " AND (expires_at IS NULL OR (expires_at > valid_from AND expires_at > ?))"
            + " AND valid_from < ?";
    /** No end: an instant no memory reaches. */
    private static final Instant NO_END = Instant.parse("9999-12-31T00:00:00Z");
    private static final String[] TYPES = Arrays.stream(MemoryType.values()).map(MemoryType::wireName)
            .toArray(String[]::new);
    /** Every column but summarized_by, which only the compaction statements read or write. */
    private static final String COLUMNS = "id, profile_id, type, content, normalized_content, entities, entity_keys,"
            + " keywords, weight, weight_bucket, status, source, session_id, created_at, last_seen_at, expires_at,"
            + " valid_from, valid_until, superseded_by, superseded_entity_keys, source_message_ids";

    private final Connection c;
    private final VectorCache vectorCache;
    private final RankingRows factsCache;
    /** null in a read transaction. */
    private final RowChanges changes;
    /** {@link #boundedCommonTerm} by profile and terms, for this transaction. */
    private final java.util.Map<List<Object>, Optional<String>> commonTerms = new java.util.HashMap<>();

    PostgresMemories(Connection c, VectorCache vectorCache, RankingRows factsCache, RowChanges changes) {
        this.c = c;
        this.changes = changes;
        this.vectorCache = vectorCache;
        this.factsCache = factsCache;
    }

    @Override
    public void insert(Memory memory) {
        changed();
        List<Object> values = new ArrayList<>();
        values.add(memory.id());
        values.addAll(columnValues(memory));
        PgSql.update(c, "INSERT INTO memories (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
                + " ?, ?, ?, ?, ?)", values.toArray());
        PgSql.update(c, "INSERT INTO memory_terms " + TERM_ROWS, termRowValues(memory));
    }

    private void changed() {
        commonTerms.clear();
        if (changes != null) {
            changes.changed();
        }
    }

    /** No expiry, in memory_terms' epoch milliseconds (V10). */
    private static final long NEVER = Long.MAX_VALUE;
    /** One row per distinct keyword with the memory's ranking columns and window (V10), in one statement. */
    private static final String TERM_ROWS = "(memory_id, profile_id, term, partly, type, weight, last_seen_at,"
            + " term_count, expires_at, valid_from, valid_until)"
            + " SELECT ?, ?, t, ?, ?, ?, ?, ?, ?, CAST(? AS bigint), CAST(? AS bigint)"
            + " FROM (SELECT DISTINCT unnest(CAST(? AS text[])) AS t) k";

    private static Object[] termRowValues(Memory m) {
        String[] terms = m.keywords().stream().distinct().toArray(String[]::new);
        return new Object[] {m.id(), m.profileId(), !m.supersededEntityKeys().isEmpty(), m.type().wireName(),
                m.weight(), millis(m.lastSeenAt()), terms.length, m.expiresAt() == null ? NEVER : millis(m.expiresAt()),
                m.validFrom() == null ? null : millis(m.validFrom()),
                m.validUntil() == null ? null : millis(m.validUntil()), terms};
    }

    private static long millis(Instant t) {
        return t.toEpochMilli();
    }

    @Override
    public void update(Memory memory) {
        changed();
        List<Object> values = columnValues(memory);
        values.add(memory.id());
        int changed = PgSql.update(c, "UPDATE memories SET profile_id = ?, type = ?, content = ?, normalized_content = ?,"
                + " entities = ?, entity_keys = ?, keywords = ?, weight = ?, weight_bucket = ?, status = ?, source = ?,"
                + " session_id = ?, created_at = ?, last_seen_at = ?, expires_at = ?, valid_from = ?, valid_until = ?,"
                + " superseded_by = ?, superseded_entity_keys = ?, source_message_ids = ? WHERE id = ?", values.toArray());
        if (changed == 0) {
            throw new IllegalStateException("no memory " + memory.id() + " to update");
        }
        // the term rows rewritten in one statement (no unique key: the delete and insert cannot collide)
        List<Object> args = new ArrayList<>(List.of(memory.id()));
        args.addAll(Arrays.asList(termRowValues(memory)));
        PgSql.update(c, "WITH gone AS (DELETE FROM memory_terms WHERE memory_id = ?) INSERT INTO memory_terms "
                + TERM_ROWS, args.toArray());
    }

    /**
     * The values of {@link #COLUMNS} after the id. entity_keys and weight_bucket are derived, stored
     * for the indexes (GIN lookup, recency per bucket), never read back.
     */
    private static List<Object> columnValues(Memory m) {
        List<Object> v = new ArrayList<>();
        v.add(m.profileId());
        v.add(m.type().wireName());
        v.add(m.content());
        v.add(m.normalizedContent());
        v.add(m.entities().toArray(String[]::new));
        v.add(m.entityKeys().stream().distinct().toArray(String[]::new));
        v.add(m.keywords().toArray(String[]::new));
        v.add(m.weight());
        v.add(RecallPolicy.weightBucket(m.weight()));
        v.add(m.status().wireName());
        v.add(m.source().wireName());
        v.add(m.sessionId());
        v.add(Times.stored(m.createdAt()));
        v.add(Times.stored(m.lastSeenAt()));
        v.add(Times.stored(m.expiresAt()));
        v.add(Times.stored(m.validFrom()));
        v.add(Times.stored(m.validUntil()));
        v.add(m.supersededBy());
        v.add(m.supersededEntityKeys().stream().sorted().toArray(String[]::new));
        v.add(m.sourceMessageIds().toArray(String[]::new));
        return v;
    }

    static Memory memory(ResultSet rs) throws SQLException {
        return new Memory.Builder()
                .id(rs.getString("id"))
                .profileId(rs.getString("profile_id"))
                .type(MemoryType.fromWireName(rs.getString("type")).orElseThrow())
                .content(rs.getString("content"))
                .normalizedContent(rs.getString("normalized_content"))
                .entities(PgSql.texts(rs, "entities"))
                .keywords(PgSql.texts(rs, "keywords"))
                .weight(rs.getInt("weight"))
                .status(MemoryStatus.fromWireName(rs.getString("status")).orElseThrow())
                .source(Source.fromWireName(rs.getString("source")).orElseThrow())
                .sessionId(rs.getString("session_id"))
                .createdAt(PgSql.instant(rs, "created_at"))
                .lastSeenAt(PgSql.instant(rs, "last_seen_at"))
                .expiresAt(PgSql.instant(rs, "expires_at"))
                .validFrom(PgSql.instant(rs, "valid_from"))
                .validUntil(PgSql.instant(rs, "valid_until"))
                .supersededBy(rs.getString("superseded_by"))
                .supersededEntityKeys(new HashSet<>(PgSql.texts(rs, "superseded_entity_keys")))
                .sourceMessageIds(PgSql.texts(rs, "source_message_ids"))
                .build();
    }

    @Override
    public Optional<Memory> findById(String profileId, String id) {
        return PgSql.first(c, "SELECT * FROM memories WHERE id = ? AND profile_id = ?", PostgresMemories::memory,
                id, profileId);
    }

    @Override
    public List<Memory> findByIds(String profileId, Collection<String> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        // by primary key alone (the profile checked here): with the profile in the WHERE clause, stale
        // statistics can make the planner walk the profile's index instead
        return rows("SELECT * FROM memories WHERE id = ANY(CAST(? AS text[]))", (Object) distinct(ids)).stream()
                .filter(m -> m.profileId().equals(profileId)).toList();
    }

    @Override
    public List<Memory> findDuplicatesVisibleDuring(String profileId, MemoryType type, String normalizedContent,
                                                    Instant from, Instant until) {
        return rows("SELECT * FROM memories WHERE profile_id = ? AND type = ? AND normalized_content = ?"
                        + " AND" + VISIBLE_DURING + " ORDER BY id",
                profileId, type.wireName(), normalizedContent, from, from, end(until));
    }

    @Override
    public List<Memory> findByEntitiesVisibleDuring(String profileId, MemoryType type, Collection<String> entityKeys,
                                                    Instant from, Instant until) {
        if (entityKeys.isEmpty()) {
            return List.of();
        }
        return rows("SELECT * FROM memories WHERE profile_id = ? AND type = ?"
                        + " AND entity_keys && CAST(? AS text[]) AND" + VISIBLE_DURING + " ORDER BY id",
                profileId, type.wireName(), distinct(entityKeys), from, from, end(until));
    }

    private static Instant end(Instant until) {
        return until == null ? NO_END : until;
    }

    @Override
    public List<Memory> findVisible(String profileId, Instant asOf) {
        return rows("SELECT * FROM memories WHERE profile_id = ? AND" + VISIBLE, profileId, asOf, asOf, asOf);
    }

    @Override
    public List<Memory> findVisibleSharingTerms(String profileId, Instant asOf, Collection<String> terms) {
        if (terms.isEmpty()) {
            return List.of();
        }
        return rows("SELECT * FROM memories WHERE profile_id = ? AND keywords && CAST(? AS text[]) AND" + VISIBLE,
                profileId, distinct(terms), asOf, asOf, asOf);
    }

    @Override
    public List<TermMatch> findVisibleTermMatches(String profileId, Instant asOf, Collection<String> terms) {
        if (terms.isEmpty()) {
            return List.of();
        }
        long t = millis(asOf);
        // the term rows alone (V10): one index range per term, no array counting per memory
        return PgSql.query(c, "SELECT memory_id, type, weight, last_seen_at, count(*) AS shared, term_count, partly"
                        + " FROM memory_terms WHERE profile_id = ? AND term = ANY(CAST(? AS text[])) AND" + TERM_VISIBLE
                        + " GROUP BY memory_id, type, weight, last_seen_at, term_count, partly",
                PostgresMemories::termMatch, profileId, distinct(terms), t, t, t);
    }

    /** Visible at ? (three times the same epoch milliseconds), over memory_terms' copies of the window. */
    private static final String TERM_VISIBLE = " valid_from <= ? AND (valid_until IS NULL OR valid_until > ?)"
            + " AND expires_at > ?";

    private static TermMatch termMatch(ResultSet rs) throws SQLException {
        return new TermMatch(rs.getString(1), MemoryType.fromWireName(rs.getString(2)).orElseThrow(), rs.getInt(3),
                Instant.ofEpochMilli(rs.getLong(4)), rs.getInt(5), rs.getInt(6), rs.getBoolean(7));
    }

    /**
     * The ranking's score computed in SQL over the term rows (SharerRanking states the formula): the
     * best handed over by a top-N sort, then the few partly superseded sharers, in one statement.
     *
     * <p>When a query term has {@link SharerRanking#BOUNDED_TERM_ROWS} rows or more (估值 in a sixth of
     * 100,000 memories), counting shared terms per memory would aggregate every one of its rows. So the
     * sharers are then read in two disjoint parts, each best first, and the best of both kept: memories
     * sharing one of the other terms, counted over all query terms (from those terms' few rows); and
     * memories sharing the common term alone, bounded by score ({@link #bestWithCommonTerm}). Below that,
     * one statement counts them all: fewer rows than the split's extra round trip costs.
     */
    @Override
    public List<RankedTermMatch> findBestTermMatches(String profileId, SharerRanking r) {
        long t = millis(r.asOf());
        String[] terms = distinct(r.terms());
        Arrays.sort(terms);
        String[] types = r.types().stream().map(MemoryType::wireName).sorted().toArray(String[]::new);
        List<Object> scoreArgs = scoreArgs(r, t, terms.length);
        String columns = "memory_id, type, weight, last_seen_at, shared, term_count, partly, " + score(r) + " AS score";
        String best = " ORDER BY score DESC, last_seen_at DESC, memory_id COLLATE \"C\" ASC LIMIT ?";
        String window = " AND partly = ? AND type = ANY(CAST(? AS text[])) AND" + TERM_VISIBLE;
        String grouped = " GROUP BY memory_id, type, weight, last_seen_at, term_count, partly";
        String counted = "SELECT memory_id, type, weight, last_seen_at, count(*) AS shared, term_count, partly"
                + " FROM memory_terms WHERE profile_id = ? AND term = ANY(CAST(? AS text[]))" + window + grouped;
        Optional<String> common = boundedCommonTerm(profileId, terms);
        if (common.isPresent()) {
            return bestWithCommonTerm(profileId, r, t, terms, common.get(), types, scoreArgs, columns, best, counted);
        }
        String sql = "(SELECT " + columns + " FROM (" + counted + ") s" + best + ")";
        List<Object> args = new ArrayList<>(scoreArgs);
        args.addAll(List.of(profileId, terms, false, types, t, t, t, r.limit()));
        // the partly superseded sharers in the same round trip, after the best, their store score NULL
        sql = "SELECT * FROM (SELECT *, 0 AS part FROM (" + sql + ") best UNION ALL SELECT memory_id, type, weight,"
                + " last_seen_at, shared, term_count, partly, CAST(NULL AS double precision), 1 FROM (" + counted
                + ") p) s ORDER BY part, score DESC, last_seen_at DESC, memory_id COLLATE \"C\"";
        args.addAll(List.of(profileId, terms, true, types, t, t, t));
        return PgSql.query(c, sql, PostgresMemories::ranked, args.toArray());
    }

    /**
     * With a common query term, two round trips. First the best of the memories sharing one of the other
     * terms (counted over all query terms from those terms' few rows; whether a memory has the common term
     * too is one index probe) and, per type, a sample of the common term's likeliest best sharers: the
     * fewest terms and most recent, and the most recent of the saturated weight bucket. With them, a score
     * the K-th best reaches for sure; then only the common term's sharers that can still reach it
     * ({@link SharerRanking#cutoffsSharingOneTerm}), and the partly superseded sharers.
     */
    private List<RankedTermMatch> bestWithCommonTerm(String profileId, SharerRanking r, long t, String[] terms,
                                                     String common, String[] types, List<Object> scoreArgs,
                                                     String columns, String bestFirst, String counted) {
        String[] others = Arrays.stream(terms).filter(term -> !term.equals(common)).toArray(String[]::new);
        String sampleColumns = "memory_id, type, weight, last_seen_at, 1 AS shared, term_count, partly,"
                + " CAST(NULL AS double precision) AS highest";
        String samples = "SELECT s.* FROM unnest(CAST(? AS text[])) AS g(type) CROSS JOIN LATERAL ("
                + "(SELECT " + sampleColumns + " FROM memory_terms WHERE profile_id = ? AND term = ? AND partly = false"
                + " AND type = g.type AND" + TERM_VISIBLE + " ORDER BY term_count, last_seen_at DESC LIMIT ?)"
                + " UNION ALL (SELECT " + sampleColumns + " FROM (SELECT id FROM memories WHERE profile_id = ?"
                + " AND type = g.type AND weight_bucket = ? ORDER BY last_seen_at DESC LIMIT ?) m"
                + " JOIN memory_terms mt ON mt.memory_id = m.id AND mt.term = ? WHERE mt.partly = false AND"
                + TERM_VISIBLE + " LIMIT ?)) s"; // m has only id: the window is mt's
        int probed = r.limit() * SharerRanking.PROBED_PER_LIMIT;
        List<Object> args = new ArrayList<>();
        String first = sharingOthers(profileId, r, t, common, others, types, scoreArgs, probed, args)
                + " UNION ALL " + samples;
        args.addAll(List.of(types, profileId, common, t, t, t, SharerRanking.SAMPLE_PER_TYPE, profileId,
                RecallPolicy.WEIGHT_BUCKETS, HEAVY_RECENT_WALK, common, t, t, t, SharerRanking.SAMPLE_PER_TYPE));
        List<RankedTermMatch> othersRows = new ArrayList<>();
        java.util.Map<String, Double> known = new java.util.HashMap<>();
        for (RankedTermMatch m : PgSql.query(c, first, PostgresMemories::ranked, args.toArray())) {
            TermMatch s = m.match();
            if (Double.isNaN(m.storeScore())) {
                // a sample scored as sharing one term: at most its score, higher if it shares others too
                known.merge(s.memoryId(), r.score(s.type(), s.weight(), s.lastSeenAt(), 1, s.termCount()), Math::max);
            } else {
                othersRows.add(m);
            }
        }
        CheckedSharers sharingOthers = CheckedSharers.of(r, othersRows, probed);
        sharingOthers.best().forEach(m -> known.put(m.match().memoryId(), m.storeScore()));
        List<RankedTermMatch> found = new ArrayList<>(sharingOthers.best());
        java.util.OptionalDouble assured = r.assuredLimitScore(known);
        // one hashed set of the other terms' few sharers, not a probe per row of the common term
        String notOthers = " AND mt.memory_id NOT IN (SELECT o.memory_id FROM memory_terms o WHERE o.profile_id = ?"
                + " AND o.term = ANY(CAST(? AS text[])))";
        String mtVisible = " AND mt.valid_from <= ? AND (mt.valid_until IS NULL OR mt.valid_until > ?)"
                + " AND mt.expires_at > ?";
        String alone;
        List<Object> aloneArgs = new ArrayList<>(scoreArgs);
        if (assured.isEmpty()) {
            alone = "SELECT memory_id, type, weight, last_seen_at, 1 AS shared, term_count, partly FROM memory_terms mt"
                    + " WHERE profile_id = ? AND term = ? AND partly = false AND type = ANY(CAST(? AS text[]))"
                    + mtVisible + notOthers;
            aloneArgs.addAll(List.of(profileId, common, types, t, t, t, profileId, others));
        } else {
            List<SharerRanking.Cutoff> cutoffs = r.cutoffsSharingOneTerm(assured.getAsDouble());
            // a cutoff of one term count is an equality: its range is the recent end of (type, term_count,
            // last_seen_at desc); a range of term counts (any age, or the open-ended last) filters on the age
            List<SharerRanking.Cutoff> exact = cutoffs.stream().filter(SharerRanking.Cutoff::oneTermCount).toList();
            List<SharerRanking.Cutoff> ranges = cutoffs.stream().filter(cut -> !cut.oneTermCount()).toList();
            String aloneColumns = "SELECT mt.memory_id, mt.type, mt.weight, mt.last_seen_at, 1 AS shared, mt.term_count,"
                    + " mt.partly FROM unnest(CAST(? AS text[]), CAST(CAST(? AS text[]) AS int[]),"
                    + " CAST(CAST(? AS text[]) AS int[]), CAST(CAST(? AS text[]) AS bigint[])) AS cut(type, lo, hi, since)"
                    + " JOIN memory_terms mt ON mt.profile_id = ? AND mt.term = ? AND mt.partly = false"
                    + " AND mt.type = cut.type AND ";
            alone = aloneColumns + "mt.term_count = cut.lo AND mt.last_seen_at >= cut.since WHERE true" + mtVisible
                    + notOthers + " UNION ALL " + aloneColumns
                    + "mt.term_count BETWEEN cut.lo AND cut.hi AND mt.last_seen_at >= cut.since WHERE true" + mtVisible
                    + notOthers;
            for (List<SharerRanking.Cutoff> part : List.of(exact, ranges)) {
                aloneArgs.add(part.stream().map(x -> x.type().wireName()).toArray(String[]::new));
                aloneArgs.add(part.stream().map(x -> String.valueOf(x.termCountFrom())).toArray(String[]::new));
                aloneArgs.add(part.stream().map(x -> String.valueOf(x.termCountTo())).toArray(String[]::new));
                aloneArgs.add(part.stream().map(x -> String.valueOf(x.lastSeenAtFrom())).toArray(String[]::new));
                aloneArgs.addAll(List.of(profileId, common, t, t, t, profileId, others));
            }
        }
        aloneArgs.add(r.limit());
        // the partly superseded sharers in the same round trip, after the best, their store score NULL
        String second = "SELECT * FROM (SELECT *, 0 AS part FROM (SELECT " + columns + " FROM (" + alone + ") b" + bestFirst
                + ") a UNION ALL SELECT memory_id, type, weight, last_seen_at, shared, term_count, partly,"
                + " CAST(NULL AS double precision), 1 FROM (" + counted + ") p) s";
        aloneArgs.addAll(List.of(profileId, terms, true, types, t, t, t));
        List<RankedTermMatch> partly = new ArrayList<>();
        List<RankedTermMatch> aloneBest = new ArrayList<>();
        for (RankedTermMatch m : PgSql.query(c, second, PostgresMemories::ranked, aloneArgs.toArray())) {
            (Double.isNaN(m.storeScore()) ? partly : aloneBest).add(m);
        }
        found.addAll(aloneBest);
        List<RankedTermMatch> best = found.stream().sorted(RankedTermMatch.BEST_FIRST).limit(r.limit()).toList();
        if (!r.excludesUnread(sharingOthers.uncheckedAtMost(), best.stream().map(RankedTermMatch::storeScore).toList())) {
            List<Object> allArgs = new ArrayList<>();
            String every = sharingOthers(profileId, r, t, common, others, types, scoreArgs, Integer.MAX_VALUE, allArgs);
            List<RankedTermMatch> all = PgSql.query(c, every, PostgresMemories::ranked, allArgs.toArray());
            best = java.util.stream.Stream.concat(CheckedSharers.of(r, all, Integer.MAX_VALUE).best().stream(),
                    aloneBest.stream()).sorted(RankedTermMatch.BEST_FIRST).limit(r.limit()).toList();
        }
        List<RankedTermMatch> out = new ArrayList<>(best);
        out.addAll(partly.stream().sorted(java.util.Comparator.comparing((RankedTermMatch m) -> m.match().lastSeenAt())
                .reversed().thenComparing(m -> m.match().memoryId())).toList());
        return out;
    }

    /**
     * The other terms' sharers with the highest scores they could have if they had the common term too
     * ({@code probed} of them), each then checked for it (one probe of memory_terms_memory): rows with the
     * exact shared count and, in the score column, that highest score. Adds its arguments to {@code args}.
     */
    private static String sharingOthers(String profileId, SharerRanking r, long t, String common, String[] others,
                                        String[] types, List<Object> scoreArgs, int probed, List<Object> args) {
        String asIfSharingCommon = "SELECT memory_id, type, weight, last_seen_at, count(*) + 1 AS shared, term_count,"
                + " partly FROM memory_terms WHERE profile_id = ? AND term = ANY(CAST(? AS text[])) AND partly = false"
                + " AND type = ANY(CAST(? AS text[])) AND" + TERM_VISIBLE
                + " GROUP BY memory_id, type, weight, last_seen_at, term_count, partly";
        args.add(common); // the probe's, first in the statement's text
        args.addAll(scoreArgs);
        args.addAll(List.of(profileId, others, types, t, t, t, probed));
        return "(SELECT memory_id, type, weight, last_seen_at, shared - 1 + CASE WHEN EXISTS (SELECT 1 FROM memory_terms c"
                + " WHERE c.memory_id = u.memory_id AND c.term = ?) THEN 1 ELSE 0 END AS shared, term_count, partly,"
                + " highest FROM (SELECT memory_id, type, weight, last_seen_at, shared, term_count, partly, " + score(r)
                + " AS highest FROM (" + asIfSharingCommon + ") a ORDER BY highest DESC LIMIT ?) u)";
    }

    /** The most recent memories of a type's saturated weight bucket looked at for the sample's heavy sharers. */
    private static final int HEAVY_RECENT_WALK = 64;

    private static RankedTermMatch ranked(ResultSet rs) throws SQLException {
        TermMatch match = termMatch(rs);
        double score = rs.getDouble(8); // read last: wasNull() tells of the last column read
        return new RankedTermMatch(match, rs.wasNull() ? Double.NaN : score);
    }

    /**
     * The first of the terms (in their order) with at least {@link SharerRanking#BOUNDED_TERM_ROWS} rows in
     * the profile: one statement, asked once per transaction for a profile and terms (a recall's two
     * rankings ask the same). It only chooses the reading plan (both are exact), and a write forgets it.
     */
    private Optional<String> boundedCommonTerm(String profileId, String[] terms) {
        return commonTerms.computeIfAbsent(List.of(profileId, List.of(terms)), key ->
                // per term one index seek and a bounded skip: whether it has that many rows, not how many
                PgSql.query(c, "SELECT t.term FROM unnest(CAST(? AS text[])) AS t(term) WHERE EXISTS (SELECT 1"
                                + " FROM memory_terms WHERE profile_id = ? AND term = t.term OFFSET ? LIMIT 1)"
                                + " ORDER BY t.term COLLATE \"C\" LIMIT 1",
                        rs -> rs.getString(1), terms, profileId, SharerRanking.BOUNDED_TERM_ROWS - 1).stream()
                        .findFirst());
    }

    /** SharerRanking's score over a sharer's columns (shared, term_count, type, weight, last_seen_at). */
    private static String score(SharerRanking r) {
        StringBuilder priority = new StringBuilder("CASE type");
        for (int i = 0; i < MemoryType.values().length; i++) {
            priority.append(" WHEN ? THEN CAST(? AS double precision)");
        }
        priority.append(" ELSE 0.0 END");
        return "LEAST(1.0, ? * GREATEST(CAST(shared AS double precision) / (? + term_count - shared),"
                + " CASE WHEN type = ? THEN CAST(? AS double precision) ELSE 0.0 END)"
                + " + ? * EXP(-GREATEST(0.0, (CAST(? AS bigint) - last_seen_at) / CAST(? AS double precision))"
                + " / CAST(? AS double precision))"
                + " + ? * (" + priority + ")"
                + " + ? * LEAST(weight / CAST(? AS double precision), 1.0))";
    }

    private static List<Object> scoreArgs(SharerRanking r, long t, int queryTerms) {
        List<Object> args = new ArrayList<>(List.of(r.keywordWeight(), queryTerms, r.preferenceType().wireName(),
                r.preferenceFloor(), r.recencyWeight(), t, SharerRanking.MILLIS_PER_DAY, r.recencyScaleDays(),
                r.priorityWeight()));
        for (MemoryType type : MemoryType.values()) {
            args.add(type.wireName());
            args.add(r.priority(type));
        }
        args.add(r.weightWeight());
        args.add((double) r.weightSaturation());
        return args;
    }

    @Override
    public List<Memory> findVisibleAbout(String profileId, Instant asOf, String entityKey) {
        return rows("SELECT * FROM memories WHERE profile_id = ? AND entity_keys @> CAST(? AS text[]) AND" + VISIBLE,
                profileId, new String[] {entityKey}, asOf, asOf, asOf);
    }

    @Override
    public List<Memory> findMostRecentVisiblePerGroup(String profileId, Instant asOf, int perGroup) {
        // One short range of memories_recency per (type, bucket), in one statement.
        return rows("SELECT m.* FROM unnest(CAST(? AS text[])) AS g(type)"
                        + " CROSS JOIN generate_series(1, ?) AS b(bucket)"
                        + " CROSS JOIN LATERAL (SELECT * FROM memories WHERE profile_id = ? AND type = g.type"
                        + " AND weight_bucket = b.bucket AND" + VISIBLE
                        + " ORDER BY last_seen_at DESC, id LIMIT ?) m",
                TYPES, RecallPolicy.WEIGHT_BUCKETS, profileId, asOf, asOf, asOf, perGroup);
    }

    @Override
    public List<RecentMemory> findMostRecentVisiblePerGroupFacts(String profileId, Instant asOf, int perGroup) {
        // the same ranges, four columns of each row instead of whole rows decoded (arrays, texts)
        return PgSql.query(c, "SELECT m.id, m.type, m.weight, m.last_seen_at FROM unnest(CAST(? AS text[])) AS g(type)"
                        + " CROSS JOIN generate_series(1, ?) AS b(bucket)"
                        + " CROSS JOIN LATERAL (SELECT id, type, weight, last_seen_at FROM memories WHERE profile_id = ?"
                        + " AND type = g.type AND weight_bucket = b.bucket AND" + VISIBLE
                        + " ORDER BY last_seen_at DESC, id LIMIT ?) m",
                rs -> new RecentMemory(rs.getString(1), MemoryType.fromWireName(rs.getString(2)).orElseThrow(),
                        rs.getInt(3), PgSql.instant(rs, "last_seen_at")),
                TYPES, RecallPolicy.WEIGHT_BUCKETS, profileId, asOf, asOf, asOf, perGroup);
    }

    @Override
    public List<Memory> findSupersededBy(String profileId, String id) {
        return rows("SELECT * FROM memories WHERE profile_id = ? AND superseded_by = ? ORDER BY created_at, id",
                profileId, id);
    }

    @Override
    public List<Memory> list(MemoryListQuery q) {
        StringBuilder sql = new StringBuilder("SELECT * FROM memories WHERE profile_id = ?");
        List<Object> args = new ArrayList<>();
        args.add(q.profileId());
        if (q.status() == MemoryStatus.ACTIVE) {
            sql.append(" AND status = 'active' AND (expires_at IS NULL OR expires_at > ?)");
            args.add(q.now());
        } else if (q.status() == MemoryStatus.EXPIRED) {
            sql.append(" AND (status = 'expired' OR (status = 'active' AND expires_at <= ?))");
            args.add(q.now());
        } else if (q.status() != null) {
            sql.append(" AND status = ?");
            args.add(q.status().wireName());
        }
        if (q.type() != null) {
            sql.append(" AND type = ?");
            args.add(q.type().wireName());
        }
        if (q.entityKey() != null) {
            sql.append(" AND entity_keys @> CAST(? AS text[])");
            args.add(new String[] {q.entityKey()});
        }
        if (q.after() != null) {
            // a row comparison: one index range on memories_newest
            sql.append(" AND (created_at, id) < (?, ?)");
            args.add(q.after().createdAt());
            args.add(q.after().id());
        }
        sql.append(" ORDER BY created_at DESC, id DESC LIMIT ?");
        args.add(q.limit());
        return rows(sql.toString(), args.toArray());
    }

    @Override
    public int deleteProfile(String profileId) {
        changed();
        // memory_vectors and memory_terms follow by ON DELETE CASCADE; entities are a column of the row
        vectorCache.forgetProfile(profileId);
        factsCache.forgetProfile(profileId);
        return PgSql.update(c, "DELETE FROM memories WHERE profile_id = ?", profileId);
    }

    @Override
    public long countByProfile(String profileId) {
        return PgSql.count(c, "SELECT COUNT(*) FROM memories WHERE profile_id = ?", profileId);
    }

    @Override
    public List<Memory> findAllAbout(String profileId, String entityKey) {
        return rows("SELECT * FROM memories WHERE profile_id = ? AND entity_keys @> CAST(? AS text[])"
                + " ORDER BY created_at, id", profileId, new String[] {entityKey});
    }

    private List<Memory> rows(String sql, Object... args) {
        return PgSql.query(c, sql, PostgresMemories::memory, args);
    }

    /** Retired at ? (the cutoff): see {@link Memories}. */
    private static final String RETIRED = " status IN ('expired', 'superseded', 'rejected', 'deleted')"
            + " AND COALESCE(valid_until, CASE WHEN status = 'expired' THEN expires_at ELSE last_seen_at END) <= ?";

    @Override
    public List<String> findProfiles() {
        return PgSql.strings(c, "SELECT DISTINCT profile_id FROM memories ORDER BY profile_id");
    }

    @Override
    public List<String> findProfilesWithActiveExpired(Instant now) {
        return PgSql.strings(c, "SELECT DISTINCT profile_id FROM memories WHERE status = 'active' AND expires_at <= ?"
                + " ORDER BY profile_id", now);
    }

    @Override
    public List<Memory> findActiveExpired(String profileId, Instant now, int limit) {
        return rows("SELECT * FROM memories WHERE status = 'active' AND expires_at <= ? AND profile_id = ?"
                + " ORDER BY expires_at, id LIMIT ?", now, profileId, limit);
    }

    @Override
    public List<String> findProfilesWithRetiredBefore(Instant cutoff) {
        return PgSql.strings(c, "SELECT DISTINCT profile_id FROM memories WHERE" + RETIRED + " ORDER BY profile_id",
                cutoff);
    }

    @Override
    public List<Memory> findRetiredBefore(String profileId, Instant cutoff, int limit) {
        return rows("SELECT * FROM memories WHERE profile_id = ? AND" + RETIRED + " ORDER BY id LIMIT ?",
                profileId, cutoff, limit);
    }

    /**
     * Compactable at ? (now): see {@link Memories}. summarized_by is written only by
     * {@link #markSummarized}, so an update of a memory never clears its link.
     */
    private static final String COMPACTABLE = " summarized_by IS NULL"
            + " AND (status IN ('expired', 'superseded') OR (status = 'active' AND expires_at <= ?))";

    @Override
    public List<MemoryGroup> findCompactionGroups(Collection<MemoryType> types, Instant now, int moreThan) {
        if (types.isEmpty()) {
            return List.of();
        }
        return PgSql.query(c, "SELECT profile_id, type FROM memories WHERE type = ANY(CAST(? AS text[]))"
                        + " AND" + COMPACTABLE + " GROUP BY profile_id, type HAVING COUNT(*) > ? ORDER BY profile_id, type",
                rs -> new MemoryGroup(rs.getString(1), MemoryType.fromWireName(rs.getString(2)).orElseThrow()),
                types.stream().map(MemoryType::wireName).distinct().toArray(String[]::new), now, moreThan);
    }

    @Override
    public List<Memory> findCompactable(String profileId, MemoryType type, Instant now) {
        return rows("SELECT * FROM memories WHERE profile_id = ? AND type = ? AND" + COMPACTABLE
                + " ORDER BY created_at, id", profileId, type.wireName(), now);
    }

    @Override
    public int markSummarized(String profileId, Collection<String> ids, String summaryId) {
        if (ids.isEmpty()) {
            return 0;
        }
        return PgSql.update(c, "UPDATE memories SET summarized_by = ? WHERE profile_id = ?"
                + " AND id = ANY(CAST(? AS text[]))", summaryId, profileId, distinct(ids));
    }

    @Override
    public Optional<String> findSummaryOf(String profileId, String id) {
        return PgSql.strings(c, "SELECT summarized_by FROM memories WHERE profile_id = ? AND id = ?"
                + " AND summarized_by IS NOT NULL", profileId, id).stream().findFirst();
    }

    @Override
    public List<String> findSummarized(String profileId, String summaryId) {
        return PgSql.strings(c, "SELECT id FROM memories WHERE profile_id = ? AND summarized_by = ? ORDER BY id",
                profileId, summaryId);
    }

    @Override
    public boolean delete(String profileId, String id) {
        changed();
        // memory_vectors follows by ON DELETE CASCADE
        vectorCache.forget(id);
        return PgSql.update(c, "DELETE FROM memories WHERE id = ? AND profile_id = ?", id, profileId) == 1;
    }
}
