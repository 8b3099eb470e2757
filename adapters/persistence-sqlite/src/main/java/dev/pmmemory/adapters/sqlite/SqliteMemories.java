package dev.pmmemory.adapters.sqlite;

import dev.pmmemory.application.port.out.RankingRows;
import dev.pmmemory.application.port.out.VectorCache;
import static dev.pmmemory.adapters.sqlite.SqliteCodec.getInstant;
import static dev.pmmemory.adapters.sqlite.SqliteCodec.join;
import static dev.pmmemory.adapters.sqlite.SqliteCodec.placeholders;
import static dev.pmmemory.adapters.sqlite.SqliteCodec.setInstant;
import static dev.pmmemory.adapters.sqlite.SqliteCodec.setNullableString;
import static dev.pmmemory.adapters.sqlite.SqliteCodec.split;

import dev.pmmemory.application.port.out.Memories;
import dev.pmmemory.application.port.out.Memories.CheckedSharers;
import dev.pmmemory.application.port.out.Memories.TermMatch;
import dev.pmmemory.application.port.out.MemoryGroup;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.recall.RecallPolicy;
import dev.pmmemory.domain.recall.SharerRanking;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/** {@link Memories} over one SQLite connection, inside the caller's transaction. */
final class SqliteMemories implements Memories {
    private static final String COLUMNS = "id, profile_id, type, content, normalized_content, entities, keywords,"
            + " weight, status, source, session_id, created_at, last_seen_at, expires_at, valid_from, valid_until,"
            + " superseded_by, superseded_entity_keys, source_message_ids, weight_bucket, term_count";
    /** Visible at an instant (bound three times): see {@link Memories}. */
    static final String VISIBLE = " expires_at > ? AND valid_from <= ? AND (valid_until IS NULL OR valid_until > ?)";
    /**
     * The same window, with the unary + telling SQLite's planner not to use the expires_at index
     * for it: where a sharper index applies (ids from a lookup table, one recency group) the
     * planner would otherwise, lacking statistics, walk every visible memory of the profile.
     */
    private static final String VISIBLE_NOT_INDEXED =
            " +expires_at > ? AND valid_from <= ? AND (valid_until IS NULL OR valid_until > ?)";

    /**
     * Visible at some instant of [from, until): Lifetime.isVisibleDuring in SQL, binding
     * {@link #windowArgs}. The window [valid_from, min(valid_until, expires_at)) must be non-empty
     * and meet the range; pending and rejected memories never are visible.
     */
    private static final String VISIBLE_DURING = " valid_from IS NOT NULL AND status NOT IN ('pending', 'rejected')"
            + " AND (valid_until IS NULL OR (valid_until > valid_from AND valid_until > ?))"
            + " AND +expires_at > valid_from AND +expires_at > ? AND valid_from < ?";

    private final Statements c;
    private final VectorCache vectorCache;
    private final RankingRows factsCache;
    /** {@link #commonTerm} by profile and terms, for this transaction; emptied by every write. */
    private final Map<List<Object>, Optional<CommonTerm>> commonTerms = new java.util.HashMap<>();

    SqliteMemories(Statements c, VectorCache vectorCache, RankingRows factsCache) {
        this.c = c;
        this.vectorCache = vectorCache;
        this.factsCache = factsCache;
    }

    @Override
    public void insert(Memory m) {
        commonTerms.clear();
        Jdbc.run(() -> {
            try (Statements.Lease lease = c.prepare("INSERT INTO memories (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                PreparedStatement ps = lease.statement();
                bind(ps, m);
                ps.executeUpdate();
            }
            insertLookups(m);
        });
    }

    @Override
    public void update(Memory m) {
        commonTerms.clear();
        Jdbc.run(() -> {
            try (Statements.Lease lease = c.prepare("UPDATE memories SET id = ?, profile_id = ?, type = ?,"
                    + " content = ?, normalized_content = ?, entities = ?, keywords = ?, weight = ?, status = ?,"
                    + " source = ?, session_id = ?, created_at = ?, last_seen_at = ?, expires_at = ?,"
                    + " valid_from = ?, valid_until = ?, superseded_by = ?, superseded_entity_keys = ?,"
                    + " source_message_ids = ?, weight_bucket = ?, term_count = ? WHERE id = ?")) {
                PreparedStatement ps = lease.statement();
                bind(ps, m);
                ps.setString(22, m.id());
                if (ps.executeUpdate() != 1) {
                    throw new IllegalStateException("no memory " + m.id() + " to update");
                }
            }
            for (String table : List.of("memory_entities", "memory_terms")) {
                try (Statements.Lease lease = c.prepare("DELETE FROM " + table + " WHERE memory_id = ?")) {
                    PreparedStatement ps = lease.statement();
                    ps.setString(1, m.id());
                    ps.executeUpdate();
                }
            }
            insertLookups(m);
        });
    }

    /** The entity and keyword rows that let recall and conflicts find a memory without a scan. */
    private void insertLookups(Memory m) throws SQLException {
        try (Statements.Lease lease = c.prepare(
                "INSERT OR IGNORE INTO memory_entities (memory_id, profile_id, entity_key) VALUES (?, ?, ?)")) {
            PreparedStatement ps = lease.statement();
            for (String key : new LinkedHashSet<>(m.entityKeys())) {
                ps.setString(1, m.id());
                ps.setString(2, m.profileId());
                ps.setString(3, key);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        // each term row carries the memory's ranking columns and window (migration 11)
        try (Statements.Lease lease = c.prepare("INSERT OR IGNORE INTO memory_terms (memory_id, profile_id, term,"
                + " type, weight, last_seen_at, term_count, expires_at, valid_from, valid_until, partly)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            PreparedStatement ps = lease.statement();
            Set<String> terms = new LinkedHashSet<>(m.keywords());
            for (String term : terms) {
                ps.setString(1, m.id());
                ps.setString(2, m.profileId());
                ps.setString(3, term);
                ps.setString(4, m.type().wireName());
                ps.setInt(5, m.weight());
                setInstant(ps, 6, m.lastSeenAt());
                ps.setInt(7, terms.size());
                ps.setLong(8, m.expiresAt() == null ? SqliteSchema.NEVER : m.expiresAt().toEpochMilli());
                setInstant(ps, 9, m.validFrom());
                setInstant(ps, 10, m.validUntil());
                ps.setInt(11, m.supersededEntityKeys().isEmpty() ? 0 : 1);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    @Override
    public Optional<Memory> findById(String profileId, String id) {
        return one("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND id = ?", profileId, id);
    }

    @Override
    public List<Memory> findByIds(String profileId, Collection<String> ids) {
        List<String> distinct = List.copyOf(new LinkedHashSet<>(ids));
        if (distinct.isEmpty()) {
            return List.of();
        }
        List<Object> args = new ArrayList<>(List.of(profileId));
        args.addAll(distinct);
        // the unary + keeps the planner on the primary key: an index led by profile_id would walk the profile
        return many("SELECT " + COLUMNS + " FROM memories WHERE +profile_id = ? AND id IN ("
                + placeholders(distinct.size()) + ")", args.toArray());
    }

    @Override
    public List<Memory> findDuplicatesVisibleDuring(String profileId, MemoryType type, String normalizedContent,
                                                    Instant from, Instant until) {
        List<Object> args = new ArrayList<>(List.of(profileId, type.wireName(), normalizedContent));
        args.addAll(windowArgs(from, until));
        return many("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND type = ?"
                + " AND normalized_content = ? AND" + VISIBLE_DURING + " ORDER BY id", args.toArray());
    }

    @Override
    public List<Memory> findByEntitiesVisibleDuring(String profileId, MemoryType type, Collection<String> entityKeys,
                                                    Instant from, Instant until) {
        if (entityKeys.isEmpty()) {
            return List.of();
        }
        List<Object> args = new ArrayList<>(List.of(profileId, type.wireName()));
        args.addAll(windowArgs(from, until));
        args.add(profileId);
        Set<String> keys = new LinkedHashSet<>(entityKeys);
        args.addAll(keys);
        return many("SELECT " + COLUMNS + " FROM memories WHERE +profile_id = ? AND +type = ? AND" + VISIBLE_DURING
                + " AND id IN (SELECT memory_id FROM memory_entities WHERE profile_id = ? AND entity_key IN ("
                + placeholders(keys.size()) + ")) ORDER BY id", args.toArray());
    }

    /** The values {@link #VISIBLE_DURING} binds: from, from, until (no end: never). */
    private static List<Object> windowArgs(Instant from, Instant until) {
        long f = from.toEpochMilli();
        return List.of(f, f, until == null ? SqliteSchema.NEVER : until.toEpochMilli());
    }

    @Override
    public List<Memory> findVisible(String profileId, Instant asOf) {
        long t = asOf.toEpochMilli();
        return many("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND" + VISIBLE, profileId, t, t, t);
    }

    @Override
    public List<Memory> findVisibleSharingTerms(String profileId, Instant asOf, Collection<String> terms) {
        if (terms.isEmpty()) {
            return List.of();
        }
        long t = asOf.toEpochMilli();
        List<Object> args = new ArrayList<>(List.of(profileId, t, t, t, profileId));
        args.addAll(new LinkedHashSet<>(terms));
        return many("SELECT " + COLUMNS + " FROM memories WHERE +profile_id = ? AND" + VISIBLE_NOT_INDEXED
                + " AND id IN (SELECT memory_id FROM memory_terms WHERE profile_id = ? AND term IN ("
                + placeholders(args.size() - 5) + "))", args.toArray());
    }

    @Override
    public List<TermMatch> findVisibleTermMatches(String profileId, Instant asOf, Collection<String> terms) {
        if (terms.isEmpty()) {
            return List.of();
        }
        long t = asOf.toEpochMilli();
        Set<String> distinct = new LinkedHashSet<>(terms);
        List<Object> args = new ArrayList<>(List.of(profileId));
        args.addAll(distinct);
        args.addAll(List.of(t, t, t));
        // the term rows alone (they carry the ranking columns): no lookup of the memory per sharer
        return Jdbc.query(c, "SELECT memory_id, type, weight, last_seen_at, COUNT(*), term_count, partly"
                        + " FROM memory_terms WHERE profile_id = ? AND term IN (" + placeholders(distinct.size())
                        + ") AND" + VISIBLE + " GROUP BY memory_id, type, weight, last_seen_at, term_count, partly",
                SqliteMemories::termMatch, args.toArray());
    }

    private static TermMatch termMatch(ResultSet rs) throws SQLException {
        return new TermMatch(rs.getString(1), MemoryType.fromWireName(rs.getString(2)).orElseThrow(), rs.getInt(3),
                Instant.ofEpochMilli(rs.getLong(4)), rs.getInt(5), rs.getInt(6), rs.getBoolean(7));
    }

    /**
     * A query term with at least this many rows in the profile is common: its sharers are read
     * apart from the others' (see {@link #findBestTermMatches}).
     */
    static final int COMMON_TERM_ROWS = 512;

    /** The most recent memories of a type's saturated weight bucket looked at for the sample's heavy sharers. */
    private static final int HEAVY_RECENT_WALK = 64;

    /**
     * The ranking's score computed in SQL over the term rows (SharerRanking states the formula), the
     * best handed over by SQLite's bounded sort; then the few partly superseded sharers.
     *
     * <p>When a query term is common (估值 in a sixth of the memories), scoring each of its rows
     * (≈ 1 µs a row) and counting shared terms per memory (grouping) would grow with the profile.
     * So its sharers are read in two disjoint parts: memories sharing one of the other terms,
     * counted over all query terms from those terms' few rows; and memories sharing the common term
     * alone — of those, a sample of the likeliest best per type gives, with the first part, a score
     * the K-th best reaches for sure, and only the rows that can still reach it are read
     * ({@link SharerRanking#cutoffsSharingOneTerm}: per type and term count, recent enough).
     */
    @Override
    public List<RankedTermMatch> findBestTermMatches(String profileId, SharerRanking r) {
        long t = r.asOf().toEpochMilli();
        List<String> terms = r.terms().stream().sorted().toList();
        List<String> types = r.types().stream().map(MemoryType::wireName).sorted().toList();
        String window = " AND partly = ? AND type IN (" + placeholders(types.size()) + ") AND" + VISIBLE;
        // every sharer counted over the query terms, partly superseded (bound) or not
        String counted = "SELECT memory_id, type, weight, last_seen_at, COUNT(*) AS shared, term_count, partly"
                + " FROM memory_terms WHERE profile_id = ? AND term IN (" + placeholders(terms.size()) + ")" + window
                + " GROUP BY memory_id, type, weight, last_seen_at, term_count, partly";
        Optional<CommonTerm> common = commonTerm(profileId, terms);
        List<RankedTermMatch> found = new ArrayList<>();
        if (common.isEmpty()) {
            List<Object> args = new ArrayList<>(scoreArgs(r, t));
            args.add(profileId);
            args.addAll(terms);
            addWindowArgs(args, 0, types, t);
            args.add(r.limit());
            found.addAll(scored(r, counted, args));
        } else {
            String term = common.get().term();
            List<String> others = terms.stream().filter(other -> !other.equals(term)).toList();
            CheckedSharers sharingOthers = others.isEmpty() ? CheckedSharers.NONE
                    : bestSharingOthers(profileId, r, term, others, types, t, false);
            List<RankedTermMatch> alone = bestSharingAlone(profileId, r, term, common.get().bounded(), others, types, t,
                    sharingOthers.best());
            List<RankedTermMatch> best = bestOf(r, sharingOthers.best(), alone);
            if (!r.excludesUnread(sharingOthers.uncheckedAtMost(), best.stream().map(RankedTermMatch::storeScore).toList())) {
                sharingOthers = bestSharingOthers(profileId, r, term, others, types, t, true);
                best = bestOf(r, sharingOthers.best(), alone);
            }
            found.addAll(best);
        }
        List<Object> partlyArgs = new ArrayList<>(List.of(profileId));
        partlyArgs.addAll(terms);
        addWindowArgs(partlyArgs, 1, types, t);
        found.addAll(Jdbc.query(c, counted, rs -> new RankedTermMatch(termMatch(rs), Double.NaN), partlyArgs.toArray()));
        return found;
    }

    /** Rows of (memory_id, type, weight, last_seen_at, shared, term_count, partly) scored, the best first. */
    private List<RankedTermMatch> scored(SharerRanking r, String rows, List<Object> args) {
        return Jdbc.query(c, "SELECT memory_id, type, weight, last_seen_at, shared, term_count, partly, " + score(r)
                        + " AS score FROM (" + rows + ") ORDER BY score DESC, last_seen_at DESC, memory_id ASC LIMIT ?",
                rs -> new RankedTermMatch(termMatch(rs), rs.getDouble(8)), args.toArray());
    }

    private static String othersRows(List<String> others) {
        return "SELECT memory_id FROM memory_terms WHERE profile_id = ? AND term IN (" + placeholders(others.size()) + ")";
    }

    private static List<RankedTermMatch> bestOf(SharerRanking r, List<RankedTermMatch> a, List<RankedTermMatch> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).sorted(RankedTermMatch.BEST_FIRST)
                .limit(r.limit()).toList();
    }

    /**
     * The best of the memories sharing one of the other terms, counted over all query terms. Every term
     * row carries its memory's ranking columns, so the other terms' few rows give them; whether a memory
     * has the common term too is a seek in the primary key (which covers it), made only for those with
     * the highest score they could have with it ({@link SharerRanking#PROBED_PER_LIMIT} per limit),
     * unless {@code probeAll}.
     */
    private CheckedSharers bestSharingOthers(String profileId, SharerRanking r, String common, List<String> others,
                                             List<String> types, long t, boolean probeAll) {
        int probed = probeAll ? Integer.MAX_VALUE : r.limit() * SharerRanking.PROBED_PER_LIMIT;
        String asIfSharingCommon = "SELECT memory_id, type, weight, last_seen_at, COUNT(*) + 1 AS shared, term_count,"
                + " partly FROM memory_terms WHERE profile_id = ? AND term IN (" + placeholders(others.size()) + ")"
                + " AND partly = ? AND type IN (" + placeholders(types.size()) + ") AND" + VISIBLE
                + " GROUP BY memory_id, type, weight, last_seen_at, term_count, partly";
        String highest = "SELECT memory_id, type, weight, last_seen_at, shared, term_count, partly, " + score(r)
                + " AS highest FROM (" + asIfSharingCommon + ") ORDER BY highest DESC LIMIT ?";
        String sql = "SELECT memory_id, type, weight, last_seen_at, shared - 1 + EXISTS (SELECT 1 FROM memory_terms c"
                + " WHERE c.memory_id = u.memory_id AND c.term = ?) AS shared, term_count, partly, highest"
                + " FROM (" + highest + ") u";
        List<Object> args = new ArrayList<>(List.of(common)); // the probe's, first in the statement's text
        args.addAll(scoreArgs(r, t));
        args.add(profileId);
        args.addAll(others);
        addWindowArgs(args, 0, types, t);
        args.add(probed);
        return CheckedSharers.of(r, Jdbc.query(c, sql, rs -> new RankedTermMatch(termMatch(rs), rs.getDouble(8)),
                args.toArray()), probed);
    }

    /**
     * The best of the memories sharing the common term alone (none of the others): only those in
     * the ranking's cutoffs for a score the K-th best reaches for sure, when one is known.
     */
    private List<RankedTermMatch> bestSharingAlone(String profileId, SharerRanking r, String common, boolean bounded,
                                                   List<String> others, List<String> types, long t,
                                                   List<RankedTermMatch> sharingOthers) {
        Map<String, Double> known = new java.util.HashMap<>();
        for (RankedTermMatch m : sharingOthers) {
            known.put(m.match().memoryId(), m.storeScore());
        }
        // two samples per type: the fewest terms and most recent (the highest keyword_match and recency),
        // and the most recent of the saturated weight bucket (the highest weight), its rows found from
        // the recency index of memories, each checked against the common term by primary key
        String sample = "SELECT * FROM (SELECT memory_id, type, weight, last_seen_at, 1 AS shared, term_count, partly"
                + " FROM memory_terms WHERE profile_id = ? AND term = ? AND partly = 0 AND type = ? AND" + VISIBLE
                + " ORDER BY term_count ASC, last_seen_at DESC LIMIT " + SharerRanking.SAMPLE_PER_TYPE + ")"
                + " UNION ALL SELECT * FROM (SELECT mt.memory_id, mt.type, mt.weight, mt.last_seen_at, 1, mt.term_count,"
                + " mt.partly FROM (SELECT id FROM memories WHERE profile_id = ? AND type = ? AND weight_bucket = ?"
                + " ORDER BY last_seen_at DESC LIMIT " + HEAVY_RECENT_WALK + ") m CROSS JOIN memory_terms mt"
                + " ON mt.memory_id = m.id AND mt.term = ? WHERE +mt.partly = 0 AND" + VISIBLE_NOT_INDEXED
                + " LIMIT " + SharerRanking.SAMPLE_PER_TYPE + ")";
        if (bounded) {
            for (String type : types) {
                for (TermMatch m : Jdbc.query(c, sample, SqliteMemories::termMatch, profileId, common, type, t, t, t,
                        profileId, type, RecallPolicy.WEIGHT_BUCKETS, common, t, t, t)) {
                    // scored as sharing one term: at most its score, which is higher if it shares others too
                    known.merge(m.memoryId(), r.score(m.type(), m.weight(), m.lastSeenAt(), 1, m.termCount()),
                            Math::max);
                }
            }
        }
        OptionalDouble assured = bounded ? r.assuredLimitScore(known) : OptionalDouble.empty();
        String notOthers = others.isEmpty() ? "" : " AND mt.memory_id NOT IN (" + othersRows(others) + ")";
        List<Object> args = new ArrayList<>(scoreArgs(r, t));
        if (assured.isEmpty()) {
            String rows = "SELECT memory_id, type, weight, last_seen_at, 1 AS shared, term_count, partly FROM memory_terms mt"
                    + " WHERE profile_id = ? AND term = ? AND partly = 0 AND type IN (" + placeholders(types.size())
                    + ") AND" + VISIBLE + notOthers;
            args.addAll(List.of(profileId, common));
            args.addAll(types);
            args.addAll(List.of(t, t, t));
            addOthersArgs(args, profileId, others);
            args.add(r.limit());
            return scored(r, rows, args);
        } else {
            List<SharerRanking.Cutoff> cutoffs = r.cutoffsSharingOneTerm(assured.getAsDouble());
            if (cutoffs.isEmpty()) {
                return List.of();
            }
            // CROSS JOIN: one index range per cutoff, nothing else read. A cutoff of one term count is an
            // equality, so its range is the recent end of (type, term_count, last_seen_at desc); a range of
            // term counts (any age, or the open-ended last one) cannot seek on last_seen_at
            List<SharerRanking.Cutoff> exact = cutoffs.stream().filter(SharerRanking.Cutoff::oneTermCount).toList();
            List<SharerRanking.Cutoff> ranges = cutoffs.stream().filter(cut -> !cut.oneTermCount()).toList();
            String columns = "SELECT mt.memory_id AS memory_id, mt.type AS type, mt.weight AS weight,"
                    + " mt.last_seen_at AS last_seen_at, 1 AS shared, mt.term_count AS term_count, mt.partly AS partly";
            String window = " WHERE +mt.expires_at > ? AND mt.valid_from <= ? AND (mt.valid_until IS NULL OR mt.valid_until > ?)"
                    + notOthers;
            List<String> parts = new ArrayList<>();
            if (!exact.isEmpty()) {
                parts.add("SELECT * FROM (WITH cut(type, tc, since) AS (VALUES " + String.join(", ",
                        java.util.Collections.nCopies(exact.size(), "(?, ?, ?)")) + ")" + columns
                        + " FROM cut CROSS JOIN memory_terms mt ON mt.profile_id = ? AND mt.term = ? AND mt.partly = 0"
                        + " AND mt.type = cut.type AND mt.term_count = cut.tc AND mt.last_seen_at >= cut.since" + window + ")");
                for (SharerRanking.Cutoff cut : exact) {
                    args.addAll(List.of(cut.type().wireName(), cut.termCountFrom(), cut.lastSeenAtFrom()));
                }
                addAloneArgs(args, profileId, common, others, t);
            }
            if (!ranges.isEmpty()) {
                parts.add("SELECT * FROM (WITH cut(type, lo, hi, since) AS (VALUES " + String.join(", ",
                        java.util.Collections.nCopies(ranges.size(), "(?, ?, ?, ?)")) + ")" + columns
                        + " FROM cut CROSS JOIN memory_terms mt ON mt.profile_id = ? AND mt.term = ? AND mt.partly = 0"
                        + " AND mt.type = cut.type AND mt.term_count BETWEEN cut.lo AND cut.hi"
                        + " AND mt.last_seen_at >= cut.since" + window + ")");
                for (SharerRanking.Cutoff cut : ranges) {
                    args.addAll(List.of(cut.type().wireName(), cut.termCountFrom(), cut.termCountTo(),
                            cut.lastSeenAtFrom()));
                }
                addAloneArgs(args, profileId, common, others, t);
            }
            args.add(r.limit());
            return scored(r, String.join(" UNION ALL ", parts), args);
        }
    }

    private static void addAloneArgs(List<Object> args, String profileId, String common, List<String> others, long t) {
        args.addAll(List.of(profileId, common, t, t, t));
        addOthersArgs(args, profileId, others);
    }

    private static void addOthersArgs(List<Object> args, String profileId, List<String> others) {
        if (!others.isEmpty()) {
            args.add(profileId);
            args.addAll(others);
        }
    }

    /**
     * A query's common term and whether it has {@link SharerRanking#BOUNDED_TERM_ROWS} rows (its alone
     * sharers are then bounded by score, else read whole).
     */
    private record CommonTerm(String term, boolean bounded) {
    }

    /**
     * The first of the terms (in their order) with at least {@link #COMMON_TERM_ROWS} rows in the profile:
     * asked once per transaction for a profile and terms (a recall's two rankings ask the same). It only
     * chooses the reading plan (each is exact), and a write forgets it.
     */
    private Optional<CommonTerm> commonTerm(String profileId, List<String> terms) {
        return commonTerms.computeIfAbsent(List.of(profileId, terms), key -> terms.stream()
                .filter(term -> hasRows(profileId, term, COMMON_TERM_ROWS)).findFirst()
                .map(term -> new CommonTerm(term, hasRows(profileId, term, SharerRanking.BOUNDED_TERM_ROWS))));
    }

    /** One index seek and a bounded skip: whether the term has that many rows, not how many. */
    private boolean hasRows(String profileId, String term, int rows) {
        return !Jdbc.query(c, "SELECT 1 FROM memory_terms WHERE profile_id = ? AND term = ? LIMIT 1 OFFSET ?",
                rs -> 1, profileId, term, rows - 1).isEmpty();
    }

    /** SharerRanking's score over a sharer's columns (shared, term_count, type, weight, last_seen_at). */
    private static String score(SharerRanking r) {
        StringBuilder priority = new StringBuilder("CASE type");
        for (int i = 0; i < MemoryType.values().length; i++) {
            priority.append(" WHEN ? THEN ?");
        }
        priority.append(" ELSE 0.0 END");
        return "MIN(1.0, ? * MAX(CAST(shared AS REAL) / (? + term_count - shared),"
                + " CASE WHEN type = ? THEN ? ELSE 0.0 END)"
                + " + ? * EXP(-MAX(0.0, (? - last_seen_at) / ?) / ?)"
                + " + ? * (" + priority + ")"
                + " + ? * MIN(weight / ?, 1.0))";
    }

    private static List<Object> scoreArgs(SharerRanking r, long t) {
        List<Object> args = new ArrayList<>(List.of(r.keywordWeight(), r.terms().size(),
                r.preferenceType().wireName(), r.preferenceFloor(), r.recencyWeight(), t, SharerRanking.MILLIS_PER_DAY,
                r.recencyScaleDays(), r.priorityWeight()));
        for (MemoryType type : MemoryType.values()) {
            args.add(type.wireName());
            args.add(r.priority(type));
        }
        args.addAll(List.of(r.weightWeight(), (double) r.weightSaturation()));
        return args;
    }

    private static void addWindowArgs(List<Object> args, int partly, List<String> types, long t) {
        args.add(partly);
        args.addAll(types);
        args.addAll(List.of(t, t, t));
    }

    @Override
    public List<Memory> findVisibleAbout(String profileId, Instant asOf, String entityKey) {
        long t = asOf.toEpochMilli();
        return many("SELECT " + COLUMNS + " FROM memories WHERE +profile_id = ? AND" + VISIBLE_NOT_INDEXED
                + " AND id IN (SELECT memory_id FROM memory_entities WHERE profile_id = ? AND entity_key = ?)",
                profileId, t, t, t, profileId, entityKey);
    }

    @Override
    public List<Memory> findMostRecentVisiblePerGroup(String profileId, Instant asOf, int perGroup) {
        long t = asOf.toEpochMilli();
        List<Memory> found = new ArrayList<>();
        // One short index range per group (memories_recency): at most types x buckets tiny queries
        // instead of one pass over every visible memory.
        String sql = "SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND type = ? AND weight_bucket = ?"
                + " AND" + VISIBLE_NOT_INDEXED + " ORDER BY last_seen_at DESC, id ASC LIMIT ?";
        Jdbc.run(() -> {
            try (Statements.Lease lease = c.prepare(sql)) {
                PreparedStatement ps = lease.statement();
                for (MemoryType type : MemoryType.values()) {
                    for (int bucket = 1; bucket <= RecallPolicy.WEIGHT_BUCKETS; bucket++) {
                        Jdbc.bind(ps, profileId, type.wireName(), bucket, t, t, t, perGroup);
                        try (ResultSet rs = ps.executeQuery()) {
                            while (rs.next()) {
                                found.add(read(rs));
                            }
                        }
                    }
                }
            }
        });
        return found;
    }

    @Override
    public List<RecentMemory> findMostRecentVisiblePerGroupFacts(String profileId, Instant asOf, int perGroup) {
        long t = asOf.toEpochMilli();
        List<RecentMemory> found = new ArrayList<>();
        // the same short ranges of memories_recency, which covers these columns: no row is read
        String sql = "SELECT id, weight, last_seen_at FROM memories WHERE profile_id = ? AND type = ?"
                + " AND weight_bucket = ? AND" + VISIBLE_NOT_INDEXED + " ORDER BY last_seen_at DESC, id ASC LIMIT ?";
        Jdbc.run(() -> {
            try (Statements.Lease lease = c.prepare(sql)) {
                PreparedStatement ps = lease.statement();
                for (MemoryType type : MemoryType.values()) {
                    for (int bucket = 1; bucket <= RecallPolicy.WEIGHT_BUCKETS; bucket++) {
                        Jdbc.bind(ps, profileId, type.wireName(), bucket, t, t, t, perGroup);
                        try (ResultSet rs = ps.executeQuery()) {
                            while (rs.next()) {
                                found.add(new RecentMemory(rs.getString(1), type, rs.getInt(2),
                                        Instant.ofEpochMilli(rs.getLong(3))));
                            }
                        }
                    }
                }
            }
        });
        return found;
    }

    @Override
    public List<Memory> findSupersededBy(String profileId, String id) {
        return many("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND superseded_by = ?"
                + " ORDER BY created_at, id", profileId, id);
    }

    @Override
    public List<Memory> list(MemoryListQuery q) {
        StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ?");
        List<Object> args = new ArrayList<>(List.of(q.profileId()));
        long now = q.now().toEpochMilli();
        if (q.status() == MemoryStatus.ACTIVE) {
            sql.append(" AND status = 'active' AND expires_at > ?");
            args.add(now);
        } else if (q.status() == MemoryStatus.EXPIRED) {
            sql.append(" AND (status = 'expired' OR (status = 'active' AND expires_at <= ?))");
            args.add(now);
        } else if (q.status() != null) {
            sql.append(" AND status = ?");
            args.add(q.status().wireName());
        }
        if (q.type() != null) {
            sql.append(" AND type = ?");
            args.add(q.type().wireName());
        }
        if (q.entityKey() != null) {
            sql.append(" AND id IN (SELECT memory_id FROM memory_entities WHERE profile_id = ? AND entity_key = ?)");
            args.add(q.profileId());
            args.add(q.entityKey());
        }
        if (q.after() != null) {
            sql.append(" AND (created_at < ? OR (created_at = ? AND id < ?))");
            args.add(q.after().createdAt().toEpochMilli());
            args.add(q.after().createdAt().toEpochMilli());
            args.add(q.after().id());
        }
        sql.append(" ORDER BY created_at DESC, id DESC LIMIT ?");
        args.add(q.limit());
        return many(sql.toString(), args.toArray());
    }

    @Override
    public int deleteProfile(String profileId) {
        commonTerms.clear();
        // memory_entities, memory_terms and memory_vectors follow by ON DELETE CASCADE (foreign keys are on)
        vectorCache.forgetProfile(profileId);
        factsCache.forgetProfile(profileId);
        return Jdbc.update(c, "DELETE FROM memories WHERE profile_id = ?", profileId);
    }

    @Override
    public long countByProfile(String profileId) {
        return Jdbc.count(c, "SELECT COUNT(*) FROM memories WHERE profile_id = ?", profileId);
    }

    /** Retired at: see {@link Memories}. */
    private static final String RETIRED = " status IN ('expired', 'superseded', 'rejected', 'deleted')"
            + " AND COALESCE(valid_until, CASE WHEN status = 'expired' THEN expires_at ELSE last_seen_at END) <= ?";

    @Override
    public List<String> findProfiles() {
        return Jdbc.query(c, "SELECT DISTINCT profile_id FROM memories ORDER BY profile_id", rs -> rs.getString(1));
    }

    @Override
    public List<String> findProfilesWithActiveExpired(Instant now) {
        return Jdbc.query(c, "SELECT DISTINCT profile_id FROM memories WHERE status = 'active' AND expires_at <= ?"
                + " ORDER BY profile_id", rs -> rs.getString(1), now.toEpochMilli());
    }

    @Override
    public List<Memory> findActiveExpired(String profileId, Instant now, int limit) {
        return many("SELECT " + COLUMNS + " FROM memories WHERE status = 'active' AND expires_at <= ?"
                + " AND profile_id = ? ORDER BY expires_at, id LIMIT ?", now.toEpochMilli(), profileId, limit);
    }

    @Override
    public List<String> findProfilesWithRetiredBefore(Instant cutoff) {
        return Jdbc.query(c, "SELECT DISTINCT profile_id FROM memories WHERE" + RETIRED + " ORDER BY profile_id",
                rs -> rs.getString(1), cutoff.toEpochMilli());
    }

    @Override
    public List<Memory> findRetiredBefore(String profileId, Instant cutoff, int limit) {
        return many("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND" + RETIRED + " ORDER BY id LIMIT ?",
                profileId, cutoff.toEpochMilli(), limit);
    }

    /** Compactable at now (bound once): see {@link Memories}. */
    private static final String COMPACTABLE = " summarized_by IS NULL"
            + " AND (status IN ('expired', 'superseded') OR (status = 'active' AND expires_at <= ?))";

    @Override
    public List<MemoryGroup> findCompactionGroups(Collection<MemoryType> types, Instant now, int moreThan) {
        if (types.isEmpty()) {
            return List.of();
        }
        List<String> wire = types.stream().map(MemoryType::wireName).distinct().toList();
        List<Object> args = new ArrayList<>(wire);
        args.add(now.toEpochMilli());
        args.add(moreThan);
        return Jdbc.query(c, "SELECT profile_id, type FROM memories WHERE type IN (" + placeholders(wire.size())
                        + ") AND" + COMPACTABLE + " GROUP BY profile_id, type HAVING COUNT(*) > ?"
                        + " ORDER BY profile_id, type",
                rs -> new MemoryGroup(rs.getString(1), MemoryType.fromWireName(rs.getString(2)).orElseThrow()),
                args.toArray());
    }

    @Override
    public List<Memory> findCompactable(String profileId, MemoryType type, Instant now) {
        return many("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND type = ? AND" + COMPACTABLE
                + " ORDER BY created_at, id", profileId, type.wireName(), now.toEpochMilli());
    }

    @Override
    public int markSummarized(String profileId, Collection<String> ids, String summaryId) {
        commonTerms.clear();
        List<String> all = List.copyOf(new LinkedHashSet<>(ids));
        int marked = 0;
        for (int from = 0; from < all.size(); from += LINK_CHUNK) {
            List<String> chunk = all.subList(from, Math.min(all.size(), from + LINK_CHUNK));
            List<Object> args = new ArrayList<>();
            args.add(summaryId);
            args.add(profileId);
            args.addAll(chunk);
            marked += Jdbc.update(c, "UPDATE memories SET summarized_by = ? WHERE profile_id = ? AND id IN ("
                    + placeholders(chunk.size()) + ")", args.toArray());
        }
        return marked;
    }

    /** Ids per UPDATE: well under SQLite's limit of bound parameters. */
    private static final int LINK_CHUNK = 500;

    @Override
    public Optional<String> findSummaryOf(String profileId, String id) {
        return Jdbc.query(c, "SELECT summarized_by FROM memories WHERE profile_id = ? AND id = ?"
                        + " AND summarized_by IS NOT NULL", rs -> rs.getString(1), profileId, id)
                .stream().findFirst();
    }

    @Override
    public List<String> findSummarized(String profileId, String summaryId) {
        return Jdbc.query(c, "SELECT id FROM memories WHERE profile_id = ? AND summarized_by = ? ORDER BY id",
                rs -> rs.getString(1), profileId, summaryId);
    }

    @Override
    public boolean delete(String profileId, String id) {
        commonTerms.clear();
        // memory_entities, memory_terms and memory_vectors follow by ON DELETE CASCADE (foreign keys are on)
        vectorCache.forget(id);
        return Jdbc.update(c, "DELETE FROM memories WHERE profile_id = ? AND id = ?", profileId, id) == 1;
    }

    @Override
    public List<Memory> findAllAbout(String profileId, String entityKey) {
        return many("SELECT " + COLUMNS + " FROM memories WHERE +profile_id = ? AND id IN"
                + " (SELECT memory_id FROM memory_entities WHERE profile_id = ? AND entity_key = ?)"
                + " ORDER BY created_at, id", profileId, profileId, entityKey);
    }

    private Optional<Memory> one(String sql, Object... args) {
        List<Memory> found = many(sql, args);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    private List<Memory> many(String sql, Object... args) {
        return Jdbc.query(c, sql, SqliteMemories::read, args);
    }

    private static void bind(PreparedStatement ps, Memory m) throws SQLException {
        ps.setString(1, m.id());
        ps.setString(2, m.profileId());
        ps.setString(3, m.type().wireName());
        ps.setString(4, m.content());
        ps.setString(5, m.normalizedContent());
        ps.setString(6, join(m.entities()));
        ps.setString(7, join(m.keywords()));
        ps.setInt(8, m.weight());
        ps.setString(9, m.status().wireName());
        ps.setString(10, m.source().wireName());
        setNullableString(ps, 11, m.sessionId());
        setInstant(ps, 12, m.createdAt());
        setInstant(ps, 13, m.lastSeenAt());
        ps.setLong(14, m.expiresAt() == null ? SqliteSchema.NEVER : m.expiresAt().toEpochMilli());
        setInstant(ps, 15, m.validFrom());
        setInstant(ps, 16, m.validUntil());
        setNullableString(ps, 17, m.supersededBy());
        ps.setString(18, join(m.supersededEntityKeys().stream().sorted().toList()));
        ps.setString(19, join(m.sourceMessageIds()));
        ps.setInt(20, RecallPolicy.weightBucket(m.weight()));
        ps.setInt(21, new HashSet<>(m.keywords()).size()); // the rows of memory_terms
    }

    private static Memory read(ResultSet rs) throws SQLException {
        long expires = rs.getLong("expires_at");
        return new Memory.Builder()
                .id(rs.getString("id"))
                .profileId(rs.getString("profile_id"))
                .type(MemoryType.fromWireName(rs.getString("type")).orElseThrow())
                .content(rs.getString("content"))
                .normalizedContent(rs.getString("normalized_content"))
                .entities(split(rs.getString("entities")))
                .keywords(split(rs.getString("keywords")))
                .weight(rs.getInt("weight"))
                .status(MemoryStatus.fromWireName(rs.getString("status")).orElseThrow())
                .source(Source.fromWireName(rs.getString("source")).orElseThrow())
                .sessionId(rs.getString("session_id"))
                .createdAt(getInstant(rs, "created_at"))
                .lastSeenAt(getInstant(rs, "last_seen_at"))
                .expiresAt(expires == SqliteSchema.NEVER ? null : Instant.ofEpochMilli(expires))
                .validFrom(getInstant(rs, "valid_from"))
                .validUntil(getInstant(rs, "valid_until"))
                .supersededBy(rs.getString("superseded_by"))
                .supersededEntityKeys(new HashSet<>(split(rs.getString("superseded_entity_keys"))))
                .sourceMessageIds(split(rs.getString("source_message_ids")))
                .build();
    }
}
