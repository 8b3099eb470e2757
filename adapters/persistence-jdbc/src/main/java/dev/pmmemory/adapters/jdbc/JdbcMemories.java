package dev.pmmemory.adapters.jdbc;

import dev.pmmemory.application.port.out.AssociatedData;
import dev.pmmemory.application.port.out.FieldProtection;
import static dev.pmmemory.adapters.jdbc.Codec.join;
import static dev.pmmemory.adapters.jdbc.Codec.placeholders;
import static dev.pmmemory.adapters.jdbc.Codec.split;

import dev.pmmemory.adapters.jdbc.Dialect.SqlType;
import dev.pmmemory.adapters.jdbc.SqlFormula.Rendered;
import dev.pmmemory.application.port.out.Memories;
import dev.pmmemory.application.port.out.MemoryGroup;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.domain.formula.Bindings;
import dev.pmmemory.domain.formula.Column;
import dev.pmmemory.domain.formula.Parameter;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.RecallUse;
import dev.pmmemory.domain.memory.Derivation;
import dev.pmmemory.application.port.out.RecallTally;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.PendingReason;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.memory.Visibility;
import dev.pmmemory.domain.recall.RankingKey;
import dev.pmmemory.domain.recall.RecallPolicy;
import dev.pmmemory.domain.recall.RecencyGroup;
import dev.pmmemory.domain.recall.RecallWindow;
import dev.pmmemory.domain.recall.SharerRanking;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Stream;

/**
 * {@link Memories} over either store, inside the caller's transaction. One table of memories, and two
 * lookup tables that let recall and the write path find a memory without a scan: {@code memory_entities}
 * (entity key → memory) and {@code memory_terms} (keyword → memory, each row carrying the memory's
 * ranking columns and window, so recall scores every sharer of a query term from one index range and
 * hands over the few best). Both are rewritten with the memory on every update.
 *
 * <p>Visibility and the score are the domain's rules ({@link Visibility}, {@link SharerRanking}),
 * rendered in SQL by {@link SqlFormula}. Every statement runs when called, in the order the use case made
 * it, so a constraint violation surfaces at the call that caused it.
 */
public final class JdbcMemories implements Memories {
    /** What a memory write sets: every column but the recall counter's. */
    private static final String WRITTEN_COLUMNS = "id, profile_id, type, content, normalized_content, entities,"
            + " keywords, weight, status, source, session_id, created_at, last_seen_at, expires_at, valid_from,"
            + " valid_until, superseded_by, superseded_entity_keys, source_message_ids, weight_bucket, term_count,"
            + " pending_reason, alternatives, derived_rule, derived_rationale, evidence, normalized_sealed";
    /** What a read returns: the written columns and the recall counter's. */
    private static final String COLUMNS = WRITTEN_COLUMNS + ", recall_count, last_recalled_at";
    /** What a ranking key reads: all of it in memories_recency, so a range of that index reads no row. */
    private static final String KEY_COLUMNS = "id, type, weight, last_seen_at";
    /** The most recent memories of a type's saturated weight bucket looked at for a common term's heavy sharers. */
    private static final int HEAVY_RECENT_WALK = 64;
    /** Ids per statement: well under SQLite's limit of bound parameters. */
    private static final int ID_CHUNK = 500;

    private final Sql sql;
    private final Dialect dialect;
    private final VectorCache vectorCache;
    private final RankingRows rankingRows;
    private final Runnable changed;
    /** Seals the text columns and blinds the compared ones (terms, entity keys, the dedup key). */
    private final FieldProtection protection;
    /** Whether a key is configured: the sealed copy of the normalized content is written only then. */
    private final boolean sealing;
    /** Whether lookups must try more than one index of a term (a rotation under way, or plain rows being adopted). */
    private final boolean rotating;
    /** {@link #commonTerms} by profile and terms, for this transaction; emptied by every write. */
    private final Map<List<Object>, List<CommonTerm>> commonTerms = new HashMap<>();

    /**
     * @param changed told of every change to a memory (the store's way to know which profiles a write touched)
     */
    public JdbcMemories(Sql sql, VectorCache vectorCache, RankingRows rankingRows, Runnable changed) {
        this(sql, vectorCache, rankingRows, changed, FieldProtection.none());
    }

    /** @param protection seals memory text to its row and turns terms and keys into blind indexes */
    public JdbcMemories(Sql sql, VectorCache vectorCache, RankingRows rankingRows, Runnable changed,
                        FieldProtection protection) {
        this.protection = protection;
        this.sealing = !protection.keyChecks().isEmpty();
        this.rotating = protection.lookupsTrySeveralIndexes();
        this.sql = sql;
        this.dialect = sql.dialect();
        this.vectorCache = vectorCache;
        this.rankingRows = rankingRows;
        this.changed = changed;
    }

    private void changed() {
        commonTerms.clear();
        changed.run();
    }

    // ---------------------------------------------------------------------------------------- writes

    @Override
    public void insert(Memory m) {
        changed();
        sql.run(s -> {
            try (Statements.Lease lease = s.prepare("INSERT INTO memories (" + WRITTEN_COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                PreparedStatement ps = lease.statement();
                bind(ps, m);
                ps.executeUpdate();
            }
            insertLookups(s, m);
            return null;
        });
    }

    @Override
    public void update(Memory m) {
        changed();
        sql.run(s -> {
            try (Statements.Lease lease = s.prepare("UPDATE memories SET id = ?, profile_id = ?, type = ?,"
                    + " content = ?, normalized_content = ?, entities = ?, keywords = ?, weight = ?, status = ?,"
                    + " source = ?, session_id = ?, created_at = ?, last_seen_at = ?, expires_at = ?,"
                    + " valid_from = ?, valid_until = ?, superseded_by = ?, superseded_entity_keys = ?,"
                    + " source_message_ids = ?, weight_bucket = ?, term_count = ?, pending_reason = ?,"
                    + " alternatives = ?, derived_rule = ?, derived_rationale = ?, evidence = ?, normalized_sealed = ?"
                    + " WHERE id = ?")) {
                PreparedStatement ps = lease.statement();
                bind(ps, m);
                ps.setString(28, m.id());
                if (ps.executeUpdate() != 1) {
                    throw new IllegalStateException("no memory " + m.id() + " to update");
                }
            }
            for (String table : List.of("memory_entities", "memory_terms")) {
                try (Statements.Lease lease = s.prepare("DELETE FROM " + table + " WHERE memory_id = ?")) {
                    lease.statement().setString(1, m.id());
                    lease.statement().executeUpdate();
                }
            }
            insertLookups(s, m);
            return null;
        });
    }

    @Override
    public int addRecalls(Collection<RecallTally> tallies) {
        if (tallies.isEmpty()) {
            return 0;
        }
        // recall columns only: no ranking row or lookup changes, so no kept rows go stale (no changed())
        return sql.run(s -> {
            try (Statements.Lease lease = s.prepare("UPDATE memories SET recall_count = recall_count + ?,"
                    + " last_recalled_at = CASE WHEN last_recalled_at IS NULL OR last_recalled_at < ? THEN ?"
                    + " ELSE last_recalled_at END WHERE profile_id = ? AND id = ?")) {
                PreparedStatement ps = lease.statement();
                // one order for every flush: two never wait on each other's rows
                List<RecallTally> ordered = tallies.stream()
                        .sorted(java.util.Comparator.comparing(RecallTally::memoryId)).toList();
                for (RecallTally t : ordered) {
                    long at = t.lastAt().toEpochMilli();
                    Codec.bind(ps, t.times(), at, at, t.profileId(), t.memoryId());
                    ps.addBatch();
                }
                int counted = 0;
                for (int n : ps.executeBatch()) {
                    counted += n > 0 || n == java.sql.Statement.SUCCESS_NO_INFO ? 1 : 0;
                }
                return counted;
            }
        });
    }

    /** The entity and keyword rows that let recall and conflicts find a memory without a scan. */
    private void insertLookups(Statements s, Memory m) throws SQLException {
        // one multi-row INSERT per table: a memory's few rows in one statement, not one execution per row
        List<String> keys = blinded(new LinkedHashSet<>(m.entityKeys()));
        if (!keys.isEmpty()) {
            List<Object> args = new ArrayList<>(keys.size() * 3);
            for (String key : keys) {
                args.addAll(List.of(m.id(), m.profileId(), key));
            }
            insertRows(s, "INSERT INTO memory_entities (memory_id, profile_id, entity_key) VALUES ", "(?, ?, ?)",
                    keys.size(), args);
        }
        Set<String> distinct = new LinkedHashSet<>(m.keywords());
        if (distinct.isEmpty()) {
            return;
        }
        // each term row carries the memory's ranking columns and window
        List<String> terms = blinded(distinct);
        List<Object> args = new ArrayList<>(terms.size() * 11);
        for (String term : terms) {
            args.addAll(java.util.Arrays.asList(m.id(), m.profileId(), term, m.type().wireName(), m.weight(),
                    m.lastSeenAt(), distinct.size(), Codec.expiry(m.expiresAt()), m.validFrom(), m.validUntil(),
                    !m.supersededEntityKeys().isEmpty()));
        }
        insertRows(s, "INSERT INTO memory_terms (memory_id, profile_id, term, type, weight, last_seen_at, term_count,"
                + " expires_at, valid_from, valid_until, partly) VALUES ", "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                terms.size(), args);
    }

    private static void insertRows(Statements s, String insert, String row, int rows, List<Object> args)
            throws SQLException {
        try (Statements.Lease lease = s.prepare(insert + String.join(", ", Collections.nCopies(rows, row)))) {
            PreparedStatement ps = lease.statement();
            Codec.bind(ps, args.toArray());
            ps.executeUpdate();
        }
    }

    private void bind(PreparedStatement ps, Memory m) throws SQLException {
        String id = m.id();
        String profile = m.profileId();
        Codec.bind(ps, id, profile, m.type().wireName(), seal(m.content(), "content", id, profile),
                protection.blindIndex(m.normalizedContent()),
                seal(join(m.entities()), "entities", id, profile), seal(join(m.keywords()), "keywords", id, profile),
                m.weight(), m.status().wireName(), m.source().wireName(),
                m.sessionId(), m.createdAt(), m.lastSeenAt(), Codec.expiry(m.expiresAt()), m.validFrom(),
                m.validUntil(), m.supersededBy(), seal(join(m.supersededEntityKeys().stream().sorted().toList()),
                        "superseded_entity_keys", id, profile),
                join(m.sourceMessageIds()), RecallPolicy.weightBucket(m.weight()),
                new HashSet<>(m.keywords()).size(), // term_count: the rows of memory_terms
                m.pendingReason() == null ? null : m.pendingReason().wireName(),
                join(m.alternatives().stream().map(MemoryType::wireName).toList()),
                m.derivation() == null ? null : m.derivation().rule(),
                m.derivation() == null ? null : seal(m.derivation().rationale(), "derived_rationale", id, profile),
                m.derivation() == null ? "" : join(m.derivation().evidence()),
                sealing ? seal(m.normalizedContent(), "normalized_sealed", id, profile) : null);
    }

    private String seal(String value, String column, String id, String profileId) {
        return Sealing.seal(protection, value, new AssociatedData("memories", column, id, profileId));
    }

    private String open(ResultSet rs, String column, String id, String profileId) throws SQLException {
        return Sealing.open(protection, rs.getString(column), new AssociatedData("memories", column, id, profileId));
    }

    /**
     * The normalized content the rules compare: the sealed copy when there is one; otherwise the column itself,
     * which with a key configured holds a blind index, so opening it reports the row instead of serving a hash.
     */
    private String normalizedContent(ResultSet rs, String id, String profileId) throws SQLException {
        if (rs.getString("normalized_sealed") != null || sealing) {
            String sealed = rs.getString("normalized_sealed");
            return protection.open(sealed != null ? sealed : rs.getString("normalized_content"),
                    new AssociatedData("memories", "normalized_sealed", id, profileId));
        }
        return rs.getString("normalized_content");
    }

    /** The blind indexes terms or keys are stored under (with no key: themselves). */
    private List<String> blinded(Collection<String> values) {
        List<String> out = new ArrayList<>(values.size());
        for (String v : values) {
            out.add(protection.blindIndex(v));
        }
        return out;
    }

    /** Every index terms or keys may be stored under while a rotation is under way (with no key: themselves). */
    private List<String> candidates(Collection<String> values) {
        List<String> out = new ArrayList<>();
        for (String v : new LinkedHashSet<>(values)) {
            out.addAll(protection.blindIndexCandidates(v));
        }
        return out;
    }

    private Memory read(ResultSet rs) throws SQLException {
        String id = rs.getString("id");
        String profileId = rs.getString("profile_id");
        return new Memory.Builder()
                .id(id)
                .profileId(profileId)
                .type(MemoryType.fromWireName(rs.getString("type")).orElseThrow())
                .content(open(rs, "content", id, profileId))
                .normalizedContent(normalizedContent(rs, id, profileId))
                .entities(split(open(rs, "entities", id, profileId)))
                .keywords(split(open(rs, "keywords", id, profileId)))
                .weight(rs.getInt("weight"))
                .status(MemoryStatus.fromWireName(rs.getString("status")).orElseThrow())
                .source(Source.fromWireName(rs.getString("source")).orElseThrow())
                .sessionId(rs.getString("session_id"))
                .createdAt(Codec.getInstant(rs, "created_at"))
                .lastSeenAt(Codec.getInstant(rs, "last_seen_at"))
                .expiresAt(Codec.expiresAt(rs.getLong("expires_at")))
                .validFrom(Codec.getInstant(rs, "valid_from"))
                .validUntil(Codec.getInstant(rs, "valid_until"))
                .supersededBy(rs.getString("superseded_by"))
                .supersededEntityKeys(new HashSet<>(split(open(rs, "superseded_entity_keys", id, profileId))))
                .sourceMessageIds(split(rs.getString("source_message_ids")))
                .pendingReason(rs.getString("pending_reason") == null ? null
                        : PendingReason.fromWireName(rs.getString("pending_reason")).orElseThrow())
                .alternatives(split(rs.getString("alternatives")).stream()
                        .map(t -> MemoryType.fromWireName(t).orElseThrow()).toList())
                .recall(recallUse(rs))
                .derivation(rs.getString("derived_rule") == null ? null : new Derivation(rs.getString("derived_rule"),
                        open(rs, "derived_rationale", id, profileId), split(rs.getString("evidence"))))
                .build();
    }

    private static RecallUse recallUse(ResultSet rs) throws SQLException {
        long count = rs.getLong("recall_count");
        Instant last = Codec.getInstant(rs, "last_recalled_at");
        return count == 0 || last == null ? RecallUse.NEVER : new RecallUse(count, last);
    }

    // ------------------------------------------------------------------------------ visibility in SQL

    /** What {@code window} admits, over the columns of {@code alias} (no alias: the table's own). */
    private Rendered admitted(String alias, RecallWindow window, boolean expiryNotIndexed) {
        SqlFormula formula = SqlFormula.over(dialect, alias);
        if (expiryNotIndexed) {
            formula = formula.notIndexed(Column.EXPIRES_AT);
        }
        return formula.render(window.condition(), window.bindings());
    }

    /** Visible at {@code asOf}, with the stored values. */
    private Rendered visibleAt(String alias, Instant asOf, boolean expiryNotIndexed) {
        return admitted(alias, RecallWindow.present(asOf), expiryNotIndexed);
    }

    /** Visible at some instant of [from, until) (until null: no end), over the memories table. */
    private Rendered visibleDuring(Instant from, Instant until) {
        return SqlFormula.over(dialect, null).notIndexed(Column.EXPIRES_AT).render(Visibility.DURING,
                Bindings.of(Parameter.FROM, from.toEpochMilli())
                        .and(Parameter.UNTIL, until == null ? Double.POSITIVE_INFINITY : until.toEpochMilli()));
    }

    /** "= ?" for one value (the statement as without encryption), "IN (?, ?)" for a rotation's several. */
    private static String in(List<String> values) {
        return values.size() == 1 ? "= ?" : "IN (" + placeholders(values.size()) + ")";
    }

    /** Arguments in statement order. */
    private static Object[] args(Object... parts) {
        List<Object> out = new ArrayList<>();
        for (Object part : parts) {
            if (part instanceof Rendered r) {
                out.addAll(r.args());
            } else if (part instanceof Collection<?> c) {
                out.addAll(c);
            } else {
                out.add(part);
            }
        }
        return out.toArray();
    }

    // --------------------------------------------------------------------------------- by key, by id

    @Override
    public Optional<Memory> findById(String profileId, String id) {
        return sql.first("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND id = ?", this::read,
                profileId, id);
    }

    @Override
    public List<Memory> findByIds(String profileId, Collection<String> ids) {
        List<String> distinct = List.copyOf(new LinkedHashSet<>(ids));
        List<Memory> found = new ArrayList<>();
        for (int from = 0; from < distinct.size(); from += ID_CHUNK) {
            List<String> chunk = distinct.subList(from, Math.min(distinct.size(), from + ID_CHUNK));
            // by primary key alone, the profile checked here: with the profile in the WHERE clause, a planner
            // without statistics walks the profile's index instead
            sql.query("SELECT " + COLUMNS + " FROM memories WHERE id IN (" + placeholders(chunk.size()) + ")",
                    this::read, chunk.toArray()).stream().filter(m -> m.profileId().equals(profileId))
                    .forEach(found::add);
        }
        return found;
    }

    @Override
    public List<Memory> findByIds(List<String> owners, Collection<String> ids) {
        if (owners.size() == 1) {
            return findByIds(owners.get(0), ids);
        }
        Set<String> owned = Set.copyOf(owners);
        List<String> distinct = List.copyOf(new LinkedHashSet<>(ids));
        List<Memory> found = new ArrayList<>();
        for (int from = 0; from < distinct.size(); from += ID_CHUNK) {
            List<String> chunk = distinct.subList(from, Math.min(distinct.size(), from + ID_CHUNK));
            // by primary key alone, as for one owner; the owners checked here
            sql.query("SELECT " + COLUMNS + " FROM memories WHERE id IN (" + placeholders(chunk.size()) + ")",
                    this::read, chunk.toArray()).stream().filter(m -> owned.contains(m.profileId()))
                    .forEach(found::add);
        }
        return found;
    }

    @Override
    public List<Memory> findDuplicatesVisibleDuring(String profileId, MemoryType type, String normalizedContent,
                                                    Instant from, Instant until) {
        Rendered during = visibleDuring(from, until);
        List<String> keys = candidates(List.of(normalizedContent));
        return sql.query("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND type = ?"
                        + " AND normalized_content " + in(keys) + " AND " + during.sql() + " ORDER BY id", this::read,
                args(profileId, type.wireName(), keys, during));
    }

    @Override
    public List<Memory> findByEntitiesVisibleDuring(String profileId, MemoryType type, Collection<String> entityKeys,
                                                    Instant from, Instant until) {
        if (entityKeys.isEmpty()) {
            return List.of();
        }
        List<String> keys = candidates(entityKeys);
        Rendered during = visibleDuring(from, until);
        return sql.query("SELECT " + COLUMNS + " FROM memories WHERE " + dialect.notIndexed("profile_id") + " = ?"
                        + " AND " + dialect.notIndexed("type") + " = ? AND " + during.sql()
                        + " AND id IN (SELECT memory_id FROM memory_entities WHERE profile_id = ? AND entity_key IN ("
                        + placeholders(keys.size()) + ")) ORDER BY id", this::read,
                args(profileId, type.wireName(), during, profileId, keys));
    }

    // ------------------------------------------------------------------------------------ recall

    @Override
    public List<Memory> findVisible(String profileId, Instant asOf) {
        Rendered visible = visibleAt(null, asOf, false);
        return sql.query("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND " + visible.sql(),
                this::read, args(profileId, visible));
    }

    @Override
    public List<Memory> findVisibleSharingTerms(String profileId, RecallWindow window, Collection<String> terms) {
        if (terms.isEmpty()) {
            return List.of();
        }
        List<String> distinct = candidates(terms);
        Rendered visible = admitted(null, window, true);
        return sql.query("SELECT " + COLUMNS + " FROM memories WHERE " + dialect.notIndexed("profile_id") + " = ? AND "
                        + visible.sql() + " AND id IN (SELECT memory_id FROM memory_terms WHERE profile_id = ?"
                        + " AND term IN (" + placeholders(distinct.size()) + "))", this::read,
                args(profileId, visible, profileId, distinct));
    }

    /** The columns of a sharer row, in the order {@link #termMatch} reads them. */
    private static final String SHARER = "memory_id, type, weight, last_seen_at, shared, term_count, partly";
    private static final String GROUPED = " GROUP BY memory_id, type, weight, last_seen_at, term_count, partly";

    @Override
    public List<TermMatch> findVisibleTermMatches(String profileId, RecallWindow window, Collection<String> terms) {
        return findVisibleTermMatches(List.of(profileId), window, terms);
    }

    @Override
    public List<TermMatch> findVisibleTermMatches(List<String> owners, RecallWindow window, Collection<String> terms) {
        if (terms.isEmpty()) {
            return List.of();
        }
        List<String> distinct = candidates(terms);
        Rendered visible = admitted(null, window, false);
        // the term rows alone (they carry the ranking columns): no lookup of the memory per sharer
        return sql.query("SELECT memory_id, type, weight, last_seen_at, COUNT(*) AS shared, term_count, partly"
                        + " FROM memory_terms WHERE " + ownedBy("profile_id", owners) + " AND term IN ("
                        + placeholders(distinct.size()) + ") AND " + visible.sql() + GROUPED, JdbcMemories::termMatch,
                args(owners, distinct, visible));
    }

    /**
     * The recalled memories from the partial index of those (memories_recalled), each counted over the query
     * terms by probes of its own term rows (their primary key): the profile's other memories are not read.
     */
    @Override
    public List<TermMatch> findVisibleRecalled(String profileId, RecallWindow window, Collection<String> terms) {
        List<String> distinct = candidates(terms); // the term rows hold blind indexes when a key is configured
        Rendered visible = admitted("m", window, true);
        String shared = distinct.isEmpty() ? "0" : "(SELECT COUNT(*) FROM memory_terms t WHERE t.memory_id = m.id"
                + " AND t.term IN (" + placeholders(distinct.size()) + "))";
        return sql.query("SELECT m.id, m.type, m.weight, m.last_seen_at, " + shared + " AS shared, m.term_count,"
                        + " CASE WHEN m.superseded_entity_keys <> '' THEN 1 ELSE 0 END AS partly, m.recall_count,"
                        + " m.last_recalled_at FROM memories m WHERE m.profile_id = ? AND m.recall_count > 0 AND "
                        + visible.sql(), rs -> new TermMatch(rankingKey(rs).withUse(recallUse(rs)), rs.getInt(5),
                        rs.getInt(6), rs.getInt(7) == 1),
                args(distinct, profileId, visible));
    }

    private static TermMatch termMatch(ResultSet rs) throws SQLException {
        return new TermMatch(rankingKey(rs), rs.getInt(5), rs.getInt(6), rs.getBoolean(7));
    }

    /** Columns 1-4 of a ranking read: id, type, weight, last_seen_at. */
    private static RankingKey rankingKey(ResultSet rs) throws SQLException {
        return new RankingKey(rs.getString(1), MemoryType.fromWireName(rs.getString(2)).orElseThrow(), rs.getInt(3),
                Instant.ofEpochMilli(rs.getLong(4)));
    }

    /** A sharer row with a score in its eighth column, NULL read as NaN. */
    private static RankedTermMatch ranked(ResultSet rs) throws SQLException {
        TermMatch match = termMatch(rs);
        double score = rs.getDouble(8); // read last: wasNull() tells of the last column read
        return new RankedTermMatch(match, rs.wasNull() ? Double.NaN : score);
    }

    /**
     * The ranking's score computed in SQL over the term rows (the domain's formula, rendered), the best
     * handed over by a bounded sort; then the few partly superseded sharers, in the same statement.
     *
     * <p>When a query term is common (估值 in a sixth of the memories: {@link Dialect#splitTermRows} rows
     * or more), scoring each of its rows and counting shared terms per memory (grouping) would grow with
     * the profile. So its sharers are read in two disjoint parts: memories sharing one of the other terms,
     * counted over all query terms from those terms' few rows; and memories sharing the common term alone
     * — of those, when the term has {@link SharerRanking#boundedTermRows} rows, a sample of the
     * likeliest best per type gives, with the first part, a score the K-th best reaches for sure, and
     * only the rows that can still reach it are read ({@link SharerRanking#cutoffsSharingOneTerm}).
     */
    @Override
    public List<RankedTermMatch> findBestTermMatches(String profileId, SharerRanking r) {
        return findBestTermMatches(List.of(profileId), r);
    }

    /** As for one owner, over the term rows of every one of {@code owners} (a member and its teams). */
    @Override
    public List<RankedTermMatch> findBestTermMatches(List<String> owners, SharerRanking r) {
        RecallWindow t = r.window();
        List<String> terms = candidates(r.terms()).stream().sorted().toList();
        List<String> types = r.types().stream().map(MemoryType::wireName).sorted().toList();
        // while a rotation is under way (or plain rows are read) a term has several indexes, and the common-term
        // plan reads one: the plain plan (exact, slower for a common term) until the re-encryption job is done
        Optional<CommonTerm> common = rotating ? Optional.empty() : commonTerm(owners, terms, r.boundedTermRows());
        if (common.isEmpty()) {
            Query best = scored(r, counted(owners, terms, false, types, t), r.limit());
            Query partly = withNullScore(counted(owners, terms, true, types, t));
            List<RankedTermMatch> bestRows = new ArrayList<>();
            List<RankedTermMatch> partlyRows = new ArrayList<>();
            for (RankedTermMatch m : sql.query(union(best, partly), JdbcMemories::ranked, args(best.args(), partly.args()))) {
                (m.match().partlySuperseded() ? partlyRows : bestRows).add(m);
            }
            return bestThenPartly(bestRows, partlyRows);
        }
        return bestWithCommonTerm(owners, r, t, terms, common.get(), types);
    }

    /** SQL with its arguments. */
    private record Query(String sql, List<Object> args) {
    }

    /** Every sharer of the terms the window admits, counted over them, partly superseded or not. */
    private Query counted(List<String> owners, List<String> terms, boolean partly, List<String> types, RecallWindow t) {
        Rendered visible = admitted(null, t, false);
        return new Query("SELECT memory_id, type, weight, last_seen_at, COUNT(*) AS shared, term_count, partly"
                + " FROM memory_terms WHERE " + ownedBy("profile_id", owners) + " AND term IN (" + placeholders(terms.size()) + ")"
                + " AND partly = ? AND type IN (" + placeholders(types.size()) + ") AND " + visible.sql() + GROUPED,
                List.of(args(owners, terms, partly, types, visible)));
    }

    /** Sharer rows scored by the ranking's formula, the best {@code limit} first. */
    private Query scored(SharerRanking r, Query rows, int limit) {
        Rendered score = SqlFormula.over(dialect, null).render(r.scoreExpression(), r.bindings());
        return new Query("SELECT " + SHARER + ", " + score.sql() + " AS score FROM (" + rows.sql() + ") s"
                + " ORDER BY score DESC, last_seen_at DESC, memory_id ASC LIMIT ?",
                List.of(args(score, rows.args(), limit)));
    }

    private Query withNullScore(Query rows) {
        return new Query("SELECT " + SHARER + ", " + dialect.real("NULL") + " AS score FROM (" + rows.sql() + ") p",
                rows.args());
    }

    /** Parts in one statement (the caller orders the rows it needs ordered). */
    private static String union(Query... parts) {
        List<String> wrapped = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            wrapped.add("SELECT * FROM (" + parts[i].sql() + ") part" + i);
        }
        return String.join(" UNION ALL ", wrapped);
    }

    /**
     * With a common query term, two statements. First the best of the memories sharing one of the other
     * terms (whether such a memory has the common term too is one index probe) and, when the term is
     * bounded, per type a sample of its likeliest best sharers: the fewest terms and most recent, and the
     * most recent of the saturated weight bucket. Then the common term's sharers that can still make the
     * best (all of them, scored, when no bound is known), and the partly superseded sharers.
     */
    private List<RankedTermMatch> bestWithCommonTerm(List<String> owners, SharerRanking r, RecallWindow t, List<String> terms,
                                                     CommonTerm common, List<String> types) {
        List<String> others = terms.stream().filter(term -> !term.equals(common.term())).toList();
        int probed = r.probed();
        List<Query> first = new ArrayList<>();
        if (!others.isEmpty()) {
            first.add(sharingOthers(owners, r, common.term(), others, types, t, probed));
        }
        if (common.bounded()) {
            for (String type : types) {
                first.add(sampleSharingOne(r, owners, common.term(), type, t));
                first.add(sampleHeaviestRecent(r, owners, common.term(), type, t));
            }
        }
        List<RankedTermMatch> othersRows = new ArrayList<>();
        Map<String, Double> known = new HashMap<>();
        if (!first.isEmpty()) {
            Query[] parts = first.toArray(Query[]::new);
            for (RankedTermMatch m : sql.query(union(parts), JdbcMemories::ranked,
                    args(first.stream().map(Query::args).toArray()))) {
                TermMatch s = m.match();
                if (Double.isNaN(m.storeScore())) {
                    // a sample scored as sharing one term: at most its score, higher if it shares others too
                    known.merge(s.key().id(), r.score(s.key().type(), s.key().weight(), s.key().lastSeenAt(), 1, s.termCount()),
                            Math::max);
                } else {
                    othersRows.add(m);
                }
            }
        }
        CheckedSharers sharingOthers = others.isEmpty() ? CheckedSharers.NONE
                : CheckedSharers.of(r, othersRows, probed);
        sharingOthers.best().forEach(m -> known.put(m.match().key().id(), m.storeScore()));
        OptionalDouble assured = common.bounded() ? r.assuredLimitScore(known) : OptionalDouble.empty();

        Query alone = sharingAlone(owners, r, common.term(), others, types, t, assured);
        Query partly = withNullScore(counted(owners, terms, true, types, t));
        List<RankedTermMatch> aloneBest = new ArrayList<>();
        List<RankedTermMatch> partlyRows = new ArrayList<>();
        String second = alone == null ? partly.sql() : union(alone, partly);
        Object[] secondArgs = alone == null ? partly.args().toArray() : args(alone.args(), partly.args());
        for (RankedTermMatch m : sql.query(second, JdbcMemories::ranked, secondArgs)) {
            (m.match().partlySuperseded() ? partlyRows : aloneBest).add(m);
        }
        List<RankedTermMatch> best = bestOf(r, sharingOthers.best(), aloneBest);
        if (!r.excludesUnread(sharingOthers.uncheckedAtMost(), best.stream().map(RankedTermMatch::storeScore).toList())) {
            Query every = sharingOthers(owners, r, common.term(), others, types, t, Integer.MAX_VALUE);
            best = bestOf(r, CheckedSharers.of(r, sql.query(every.sql(), JdbcMemories::ranked, every.args().toArray()),
                    Integer.MAX_VALUE).best(), aloneBest);
        }
        return bestThenPartly(best, partlyRows);
    }

    /** The best by score, then the partly superseded sharers, most recent first: the order of {@link #findBestTermMatches}. */
    private static List<RankedTermMatch> bestThenPartly(List<RankedTermMatch> best, List<RankedTermMatch> partly) {
        List<RankedTermMatch> out = new ArrayList<>(best);
        out.sort(RankedTermMatch.BEST_FIRST);
        List<RankedTermMatch> rest = new ArrayList<>(partly);
        rest.sort(Comparator.comparing((RankedTermMatch m) -> m.match().key().lastSeenAt()).reversed()
                .thenComparing(m -> m.match().key().id()));
        out.addAll(rest);
        return out;
    }

    private static List<RankedTermMatch> bestOf(SharerRanking r, List<RankedTermMatch> a, List<RankedTermMatch> b) {
        return Stream.concat(a.stream(), b.stream()).sorted(RankedTermMatch.BEST_FIRST).limit(r.limit()).toList();
    }

    /**
     * The other terms' sharers with the highest scores they could have if they had the common term too
     * ({@code probed} of them), each then checked for it (one probe of the term rows by memory): rows with
     * the exact shared count and, in the score column, that highest score.
     */
    private Query sharingOthers(List<String> owners, SharerRanking r, String common, List<String> others,
                                List<String> types, RecallWindow t, int probed) {
        Rendered visible = admitted(null, t, false);
        Rendered score = SqlFormula.over(dialect, null).render(r.scoreExpression(), r.bindings());
        String asIfSharingCommon = "SELECT memory_id, type, weight, last_seen_at, COUNT(*) + 1 AS shared, term_count,"
                + " partly FROM memory_terms WHERE " + ownedBy("profile_id", owners) + " AND term IN ("
                + placeholders(others.size()) + ")"
                + " AND partly = ? AND type IN (" + placeholders(types.size()) + ") AND " + visible.sql() + GROUPED;
        String highest = "SELECT " + SHARER + ", " + score.sql() + " AS highest FROM (" + asIfSharingCommon + ") a"
                + " ORDER BY highest DESC LIMIT ?";
        return new Query("SELECT memory_id, type, weight, last_seen_at, shared - 1 + CASE WHEN EXISTS (SELECT 1"
                + " FROM memory_terms c WHERE c.memory_id = u.memory_id AND c.term = ?) THEN 1 ELSE 0 END AS shared,"
                + " term_count, partly, highest FROM (" + highest + ") u",
                List.of(args(common, score, owners, others, false, types, visible, probed)));
    }

    /** The sharers of the common term alone with the fewest terms and most recent: the likeliest best keyword_match and recency. */
    private Query sampleSharingOne(SharerRanking r, List<String> owners, String common, String type, RecallWindow t) {
        return eachOwner(owners, owner -> sampleSharingOneOf(r, owner, common, type, t));
    }

    private Query sampleSharingOneOf(SharerRanking r, String profileId, String common, String type, RecallWindow t) {
        Rendered visible = admitted(null, t, false);
        return new Query("SELECT memory_id, type, weight, last_seen_at, 1 AS shared, term_count, partly, "
                + dialect.real("NULL") + " AS highest FROM memory_terms WHERE profile_id = ? AND term = ?"
                + " AND partly = ? AND type = ? AND " + visible.sql()
                + " ORDER BY term_count ASC, last_seen_at DESC LIMIT ?",
                List.of(args(profileId, common, false, type, visible, r.samplePerType())));
    }

    /**
     * The most recent memories of the type's saturated weight bucket (the highest weight) that have the
     * common term: their rows found from the recency index of memories, each checked by primary key.
     */
    private Query sampleHeaviestRecent(SharerRanking r, List<String> owners, String common, String type,
                                       RecallWindow t) {
        return eachOwner(owners, owner -> sampleHeaviestRecentOf(r, owner, common, type, t));
    }

    private Query sampleHeaviestRecentOf(SharerRanking r, String profileId, String common, String type,
                                         RecallWindow t) {
        Rendered visible = admitted("mt", t, true);
        return new Query("SELECT mt.memory_id, mt.type, mt.weight, mt.last_seen_at, 1 AS shared, mt.term_count,"
                + " mt.partly, " + dialect.real("NULL") + " AS highest FROM (SELECT id FROM memories WHERE"
                + " profile_id = ? AND type = ? AND weight_bucket = ? ORDER BY last_seen_at DESC LIMIT "
                + HEAVY_RECENT_WALK + ") m " + dialect.joinInOrder() + " memory_terms mt ON mt.memory_id = m.id AND mt.term = ?"
                + " WHERE " + dialect.notIndexed("mt.partly") + " = ? AND " + visible.sql()
                + " LIMIT ?",
                List.of(args(profileId, type, RecallPolicy.heaviestWeightBucket(), common, false, visible,
                        r.samplePerType())));
    }

    /**
     * The memories sharing the common term alone (none of the others), scored, the best first: only those
     * in the ranking's cutoffs for the {@code assured} score when one is known; null when no sharer can
     * reach it.
     */
    private Query sharingAlone(List<String> owners, SharerRanking r, String common, List<String> others,
                               List<String> types, RecallWindow t, OptionalDouble assured) {
        Rendered visible = admitted("mt", t, true);
        String notOthers = others.isEmpty() ? "" : " AND mt.memory_id NOT IN (SELECT o.memory_id FROM memory_terms o"
                + " WHERE " + ownedBy("o.profile_id", owners) + " AND o.term IN (" + placeholders(others.size()) + "))";
        List<Object> notOthersArgs = others.isEmpty() ? List.of() : List.of(args(owners, others));
        String columns = "SELECT mt.memory_id AS memory_id, mt.type AS type, mt.weight AS weight,"
                + " mt.last_seen_at AS last_seen_at, 1 AS shared, mt.term_count AS term_count, mt.partly AS partly";
        if (assured.isEmpty()) {
            return scored(r, new Query(columns + " FROM memory_terms mt WHERE " + ownedBy("mt.profile_id", owners) + " AND mt.term = ?"
                    + " AND mt.partly = ? AND mt.type IN (" + placeholders(types.size()) + ") AND " + visible.sql()
                    + notOthers, List.of(args(owners, common, false, types, visible, notOthersArgs))), r.limit());
        }
        List<SharerRanking.Cutoff> cutoffs = r.cutoffsSharingOneTerm(assured.getAsDouble());
        if (cutoffs.isEmpty()) {
            return null;
        }
        // one index range per cutoff, nothing else read. A cutoff of one term count is an equality, so its
        // range is the recent end of (type, term_count, last_seen_at desc); a range of term counts (any age,
        // or the open-ended last one) cannot seek on last_seen_at
        List<SharerRanking.Cutoff> exact = cutoffs.stream().filter(SharerRanking.Cutoff::oneTermCount).toList();
        List<SharerRanking.Cutoff> ranges = cutoffs.stream().filter(cut -> !cut.oneTermCount()).toList();
        List<Query> parts = new ArrayList<>();
        String text = dialect.parameter(SqlType.TEXT);
        String integer = dialect.parameter(SqlType.INTEGER);
        String bigint = dialect.parameter(SqlType.BIGINT);
        if (!exact.isEmpty()) {
            List<Object> cutArgs = new ArrayList<>();
            for (SharerRanking.Cutoff cut : exact) {
                cutArgs.addAll(List.of(cut.type().wireName(), cut.termCountFrom(), cut.lastSeenAtFrom()));
            }
            parts.add(new Query("WITH cut(type, tc, since) AS (VALUES " + String.join(", ", Collections.nCopies(
                    exact.size(), "(" + text + ", " + integer + ", " + bigint + ")")) + ") " + columns
                    + " FROM cut " + dialect.joinInOrder() + " memory_terms mt ON " + ownedBy("mt.profile_id", owners) + " AND mt.term = ?"
                    + " AND mt.partly = ? AND mt.type = cut.type AND mt.term_count = cut.tc AND mt.last_seen_at >= cut.since WHERE "
                    + visible.sql() + notOthers, List.of(args(cutArgs, owners, common, false, visible, notOthersArgs))));
        }
        if (!ranges.isEmpty()) {
            List<Object> cutArgs = new ArrayList<>();
            for (SharerRanking.Cutoff cut : ranges) {
                cutArgs.addAll(List.of(cut.type().wireName(), cut.termCountFrom(), cut.termCountTo(),
                        cut.lastSeenAtFrom()));
            }
            parts.add(new Query("WITH cut(type, lo, hi, since) AS (VALUES " + String.join(", ", Collections.nCopies(
                    ranges.size(), "(" + text + ", " + integer + ", " + integer + ", " + bigint + ")")) + ") " + columns
                    + " FROM cut " + dialect.joinInOrder() + " memory_terms mt ON " + ownedBy("mt.profile_id", owners) + " AND mt.term = ?"
                    + " AND mt.partly = ? AND mt.type = cut.type AND mt.term_count BETWEEN cut.lo AND cut.hi"
                    + " AND mt.last_seen_at >= cut.since WHERE " + visible.sql() + notOthers,
                    List.of(args(cutArgs, owners, common, false, visible, notOthersArgs))));
        }
        Query rows = new Query(union(parts.toArray(Query[]::new)),
                List.of(args(parts.stream().map(Query::args).toArray())));
        return scored(r, rows, r.limit());
    }

    /**
     * {@code column = ?} for one owner, {@code column IN (?, …)} for several: one owner's statements stay as
     * they were, and several owners' rows are read by the same index ranges, one per owner.
     */
    private static String ownedBy(String column, List<String> owners) {
        return owners.size() == 1 ? column + " = ?" : column + " IN (" + placeholders(owners.size()) + ")";
    }

    /**
     * A read ordered and cut per owner (ORDER BY … LIMIT over one index range): one part per owner in one
     * statement, so each part still walks its own index range in order.
     */
    private static Query eachOwner(List<String> owners, java.util.function.Function<String, Query> part) {
        if (owners.size() == 1) {
            return part.apply(owners.get(0));
        }
        Query[] parts = owners.stream().map(part).toArray(Query[]::new);
        return new Query(union(parts), List.of(args(java.util.Arrays.stream(parts).map(Query::args).toArray())));
    }

    /** A query term with many rows in the profile, and whether its alone sharers are bounded by score. */
    private record CommonTerm(String term, boolean bounded) {
    }

    /**
     * The first of the terms (in their order) with at least {@link Dialect#splitTermRows} rows in the
     * profile: asked once per transaction for a profile and terms (a recall's two rankings ask the same),
     * in one statement. It only chooses the reading plan (each is exact), and a write forgets it.
     */
    private Optional<CommonTerm> commonTerm(List<String> owners, List<String> terms, int boundedTermRows) {
        List<CommonTerm> found = commonTerms.computeIfAbsent(List.of(owners, terms), key -> {
            String text = dialect.parameter(SqlType.TEXT);
            // per term one index seek and a bounded skip: whether it has that many rows, not how many
            String hasRows = "EXISTS (SELECT 1 FROM memory_terms WHERE " + ownedBy("profile_id", owners)
                    + " AND term = t.term LIMIT 1 OFFSET ?)";
            List<Object> args = new ArrayList<>(terms);
            args.addAll(owners);
            args.add(boundedTermRows - 1);
            args.addAll(owners);
            args.add(dialect.splitTermRows() - 1);
            return sql.query("WITH t(term) AS (VALUES " + String.join(", ", Collections.nCopies(terms.size(),
                            "(" + text + ")")) + ") SELECT t.term, CASE WHEN " + hasRows + " THEN 1 ELSE 0 END"
                            + " FROM t WHERE " + hasRows,
                    rs -> new CommonTerm(rs.getString(1), rs.getInt(2) == 1), args.toArray());
        });
        return terms.stream().flatMap(term -> found.stream().filter(c -> c.term().equals(term))).findFirst();
    }

    @Override
    public List<Memory> findVisibleAbout(String profileId, RecallWindow window, String entityKey) {
        Rendered visible = admitted(null, window, true);
        List<String> keys = candidates(List.of(entityKey));
        return sql.query("SELECT " + COLUMNS + " FROM memories WHERE " + dialect.notIndexed("profile_id") + " = ? AND "
                        + visible.sql() + " AND id IN (SELECT memory_id FROM memory_entities WHERE profile_id = ?"
                        + " AND entity_key " + in(keys) + ")", this::read,
                args(profileId, visible, profileId, keys));
    }

    @Override
    public List<Memory> findMostRecentVisiblePerGroup(String profileId, RecallWindow window, int perGroup) {
        return mostRecentPerGroup(COLUMNS, List.of(profileId), RecencyGroup.all(), window, perGroup, this::read);
    }

    @Override
    public List<RankingKey> findMostRecentVisiblePerGroupKeys(String profileId, RecallWindow window, int perGroup) {
        // the same short ranges of memories_recency, which covers these columns: no row is read
        return mostRecentPerGroup(KEY_COLUMNS, List.of(profileId), RecencyGroup.all(), window, perGroup,
                JdbcMemories::rankingKey);
    }

    /** Each owner's most recent per group: one short range per owner and group. */
    @Override
    public List<RankingKey> findMostRecentVisiblePerGroupKeys(List<String> owners, RecallWindow window,
                                                              int perGroup) {
        return mostRecentPerGroup(KEY_COLUMNS, owners, RecencyGroup.all(), window, perGroup, JdbcMemories::rankingKey);
    }

    /** Only the ranges of {@code groups}, of each owner (none when no group is asked). */
    @Override
    public List<RankingKey> findMostRecentVisiblePerGroupKeys(List<String> owners, Set<RecencyGroup> groups,
                                                              RecallWindow window, int perGroup) {
        if (groups.isEmpty() || owners.isEmpty()) {
            return List.of();
        }
        return mostRecentPerGroup(KEY_COLUMNS, owners, groups, window, perGroup, JdbcMemories::rankingKey);
    }

    /**
     * One short range of memories_recency per owner and (type, weight bucket): as one statement over every
     * range, or as one kept statement run once per range where the dialect says that costs less.
     */
    private <T> List<T> mostRecentPerGroup(String columns, List<String> owners, Collection<RecencyGroup> groups,
                                           RecallWindow window, int perGroup, Sql.RowMapper<T> mapper) {
        Rendered visible = admitted(null, window, true);
        String range = "SELECT " + columns + " FROM memories WHERE profile_id = ? AND type = ?"
                + " AND weight_bucket = ? AND " + visible.sql() + " ORDER BY last_seen_at DESC, id ASC LIMIT ?";
        if (dialect.readsRangesOneByOne()) {
            return sql.run(statements -> {
                List<T> out = new ArrayList<>();
                try (Statements.Lease lease = statements.prepare(range)) {
                    PreparedStatement ps = lease.statement();
                    for (String owner : owners) {
                        for (RecencyGroup group : groups) {
                            Codec.bind(ps, args(owner, group.type().wireName(), group.weightBucket(), visible, perGroup));
                            try (ResultSet rs = ps.executeQuery()) {
                                while (rs.next()) {
                                    out.add(mapper.map(rs));
                                }
                            }
                        }
                    }
                }
                return out;
            });
        }
        List<String> rangeOwners = new ArrayList<>();
        List<String> rangeTypes = new ArrayList<>();
        List<Integer> rangeBuckets = new ArrayList<>();
        for (String owner : owners) {
            for (RecencyGroup group : groups) {
                rangeOwners.add(owner);
                rangeTypes.add(group.type().wireName());
                rangeBuckets.add(group.weightBucket());
            }
        }
        // one range per row of the arrays, in their order; the inner names are the table's, g's are only joined on
        String lateral = "SELECT r.* FROM unnest(" + dialect.arrayParameter(SqlType.TEXT) + ", "
                + dialect.arrayParameter(SqlType.TEXT) + ", " + dialect.arrayParameter(SqlType.INTEGER)
                + ") WITH ORDINALITY AS g(owner, group_type, bucket, n) CROSS JOIN LATERAL (SELECT " + columns
                + " FROM memories WHERE profile_id = g.owner AND type = g.group_type AND weight_bucket = g.bucket AND "
                + visible.sql() + " ORDER BY last_seen_at DESC, id ASC LIMIT ?) r ORDER BY g.n, r.last_seen_at DESC, r.id";
        return sql.query(lateral, mapper, args(rangeOwners.toArray(String[]::new), rangeTypes.toArray(String[]::new),
                rangeBuckets.toArray(Integer[]::new), visible, perGroup));
    }

    /**
     * The memories visible at {@code asOf} and seen again since (valid_from ≤ asOf &lt; last_seen_at, so
     * last_seen_at &gt; valid_from: the partial index memories_seen_again holds only such memories, a small
     * share of a profile, with both columns in its key so the range is checked in the index), and the partly
     * superseded ones from their partial index: only the memories a past recall must take back to that
     * instant, never the profile's history. The condition {@code last_seen_at > valid_from} is written out
     * so both planners see that the partial index applies.
     */
    @Override
    public List<Memory> findChangedSince(String profileId, Instant asOf) {
        Rendered visible = visibleAt(null, asOf, true);
        long t = asOf.toEpochMilli();
        Query seenAgain = new Query("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ?"
                + " AND last_seen_at > valid_from AND last_seen_at > ? AND " + visible.sql(),
                List.of(args(profileId, t, visible)));
        Query partly = new Query("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ?"
                + " AND superseded_entity_keys <> '' AND last_seen_at <= ? AND " + visible.sql(),
                List.of(args(profileId, t, visible)));
        return sql.query(union(seenAgain, partly), this::read, args(seenAgain.args(), partly.args()));
    }

    // ------------------------------------------------------------------------------ governance

    @Override
    public List<Memory> findSupersededBy(String profileId, String id) {
        return sql.query("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND superseded_by = ?"
                + " ORDER BY created_at, id", this::read, profileId, id);
    }

    @Override
    public List<Memory> list(MemoryListQuery q) {
        StringBuilder text = new StringBuilder("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ?");
        List<Object> args = new ArrayList<>(List.of(q.profileId()));
        long now = q.now().toEpochMilli();
        if (q.status() == MemoryStatus.ACTIVE) {
            text.append(" AND status = 'active' AND expires_at > ?");
            args.add(now);
        } else if (q.status() == MemoryStatus.EXPIRED) {
            text.append(" AND (status = 'expired' OR (status = 'active' AND expires_at <= ?))");
            args.add(now);
        } else if (q.status() != null) {
            text.append(" AND status = ?");
            args.add(q.status().wireName());
        }
        if (q.type() != null) {
            text.append(" AND type = ?");
            args.add(q.type().wireName());
        }
        if (q.entityKey() != null) {
            List<String> keys = candidates(List.of(q.entityKey()));
            text.append(" AND id IN (SELECT memory_id FROM memory_entities WHERE profile_id = ? AND entity_key "
                    + in(keys) + ")");
            args.add(q.profileId());
            args.addAll(keys);
        }
        if (q.after() != null) {
            // a row comparison: one index range on memories_newest
            text.append(" AND (created_at, id) < (?, ?)");
            args.add(q.after().createdAt().toEpochMilli());
            args.add(q.after().id());
        }
        text.append(" ORDER BY created_at DESC, id DESC LIMIT ?");
        args.add(q.limit());
        return sql.query(text.toString(), this::read, args.toArray());
    }

    @Override
    public long countByProfile(String profileId) {
        return sql.count("SELECT COUNT(*) FROM memories WHERE profile_id = ?", profileId);
    }

    @Override
    public List<Memory> findAllAbout(String profileId, String entityKey) {
        List<String> keys = candidates(List.of(entityKey));
        return sql.query("SELECT " + COLUMNS + " FROM memories WHERE " + dialect.notIndexed("profile_id") + " = ?"
                + " AND id IN (SELECT memory_id FROM memory_entities WHERE profile_id = ? AND entity_key " + in(keys)
                + ") ORDER BY created_at, id", this::read, args(profileId, profileId, keys));
    }

    @Override
    public boolean delete(String profileId, String id) {
        changed();
        // memory_entities, memory_terms and memory_vectors follow by ON DELETE CASCADE
        vectorCache.forget(id);
        return sql.update("DELETE FROM memories WHERE profile_id = ? AND id = ?", profileId, id) == 1;
    }

    @Override
    public int deleteProfile(String profileId) {
        changed();
        // memory_entities, memory_terms and memory_vectors follow by ON DELETE CASCADE
        vectorCache.forgetProfile(profileId);
        rankingRows.forgetProfile(profileId);
        return sql.update("DELETE FROM memories WHERE profile_id = ?", profileId);
    }

    // ------------------------------------------------------------------------------- lifecycle jobs

    /** Retired at ? (the cutoff): see {@link Memories}. */
    private static final String RETIRED = " status IN ('expired', 'superseded', 'rejected', 'deleted')"
            + " AND COALESCE(valid_until, CASE WHEN status = 'expired' THEN expires_at ELSE last_seen_at END) <= ?";

    @Override
    public List<String> findProfiles() {
        return sql.strings("SELECT DISTINCT profile_id FROM memories ORDER BY profile_id");
    }

    @Override
    public List<String> findProfilesWithActiveExpired(Instant now) {
        return sql.strings("SELECT DISTINCT profile_id FROM memories WHERE status = 'active' AND expires_at <= ?"
                + " ORDER BY profile_id", now.toEpochMilli());
    }

    @Override
    public List<Memory> findActiveExpired(String profileId, Instant now, int limit) {
        return sql.query("SELECT " + COLUMNS + " FROM memories WHERE status = 'active' AND expires_at <= ?"
                + " AND profile_id = ? ORDER BY expires_at, id LIMIT ?", this::read, now.toEpochMilli(),
                profileId, limit);
    }

    @Override
    public List<Memory> findActiveExpiring(String profileId, Instant now, String afterId, int limit) {
        return sql.query("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND status = 'active'"
                        + " AND expires_at > ? AND expires_at < ? AND id > ? ORDER BY id LIMIT ?", this::read,
                profileId, now.toEpochMilli(), Codec.NEVER, afterId == null ? "" : afterId, limit);
    }

    @Override
    public List<Memory> findSeenSince(String profileId, Instant since) {
        return sql.query("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND last_seen_at >= ? ORDER BY id",
                this::read, profileId, since.toEpochMilli());
    }

    @Override
    public List<String> findProfilesWithRetiredBefore(Instant cutoff) {
        return sql.strings("SELECT DISTINCT profile_id FROM memories WHERE" + RETIRED + " ORDER BY profile_id",
                cutoff.toEpochMilli());
    }

    @Override
    public List<Memory> findRetiredBefore(String profileId, Instant cutoff, int limit) {
        return sql.query("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND" + RETIRED
                + " ORDER BY id LIMIT ?", this::read, profileId, cutoff.toEpochMilli(), limit);
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
        List<String> wire = types.stream().map(MemoryType::wireName).distinct().toList();
        return sql.query("SELECT profile_id, type FROM memories WHERE type IN (" + placeholders(wire.size())
                        + ") AND" + COMPACTABLE + " GROUP BY profile_id, type HAVING COUNT(*) > ?"
                        + " ORDER BY profile_id, type",
                rs -> new MemoryGroup(rs.getString(1), MemoryType.fromWireName(rs.getString(2)).orElseThrow()),
                args(wire, now.toEpochMilli(), moreThan));
    }

    @Override
    public List<Memory> findCompactable(String profileId, MemoryType type, Instant now) {
        return sql.query("SELECT " + COLUMNS + " FROM memories WHERE profile_id = ? AND type = ? AND" + COMPACTABLE
                + " ORDER BY created_at, id", this::read, profileId, type.wireName(), now.toEpochMilli());
    }

    @Override
    public int markSummarized(String profileId, Collection<String> ids, String summaryId) {
        changed();
        List<String> all = List.copyOf(new LinkedHashSet<>(ids));
        int marked = 0;
        for (int from = 0; from < all.size(); from += ID_CHUNK) {
            List<String> chunk = all.subList(from, Math.min(all.size(), from + ID_CHUNK));
            marked += sql.update("UPDATE memories SET summarized_by = ? WHERE profile_id = ? AND id IN ("
                    + placeholders(chunk.size()) + ")", args(summaryId, profileId, chunk));
        }
        return marked;
    }

    @Override
    public Optional<String> findSummaryOf(String profileId, String id) {
        return sql.strings("SELECT summarized_by FROM memories WHERE profile_id = ? AND id = ?"
                + " AND summarized_by IS NOT NULL", profileId, id).stream().findFirst();
    }

    @Override
    public List<String> findSummarized(String profileId, String summaryId) {
        return sql.strings("SELECT id FROM memories WHERE profile_id = ? AND summarized_by = ? ORDER BY id",
                profileId, summaryId);
    }

}
