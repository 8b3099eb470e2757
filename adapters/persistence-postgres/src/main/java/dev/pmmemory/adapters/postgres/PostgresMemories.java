package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.Memories;
import dev.pmmemory.application.port.out.MemoryGroup;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.recall.RecallPolicy;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link Memories} over PostgreSQL, inside the caller's transaction ({@link PostgresMemoryStore}).
 *
 * <p>Simple finders are Panache queries; the recall finders are native SQL, because they need
 * PostgreSQL's array operators ({@code &&}, {@code @>}: the GIN indexes on entity_keys and
 * keywords) and a LATERAL join (one pass over the recency index per type and weight bucket), and
 * because their predicates must keep the indexable shape written here.
 *
 * <p>Every insert and update is flushed at once, so statements reach the database in the order the
 * use case made them (Hibernate would otherwise put inserts before updates at commit and trip the
 * unique indexes) and a constraint violation surfaces at the call
 * that caused it, as with the SQLite store.
 */
final class PostgresMemories implements Memories {
    /** Visible at :t, the window of {@link Memories}: see the index note in migration V1. */
    static final String VISIBLE = " valid_from <= :t AND (valid_until IS NULL OR valid_until > :t)"
            + " AND (expires_at IS NULL OR expires_at > :t)";
    /**
     * Visible at some instant of [:from, :until): Lifetime.isVisibleDuring in SQL. The window
     * [valid_from, min(valid_until, expires_at)) must be non-empty and meet the range; pending and
     * rejected memories never are visible.
     */
    private static final String VISIBLE_DURING = " valid_from IS NOT NULL AND status NOT IN ('pending', 'rejected')"
            + " AND (valid_until IS NULL OR (valid_until > valid_from AND valid_until > :from))"
            + " AND (expires_at IS NULL OR (expires_at > valid_from AND expires_at > :from))"
            + " AND valid_from < :until";
    private static final String[] TYPES = Arrays.stream(MemoryType.values()).map(MemoryType::wireName)
            .toArray(String[]::new);

    private final EntityManager em;

    PostgresMemories(EntityManager em) {
        this.em = em;
    }

    @Override
    public void insert(Memory memory) {
        em.persist(MemoryRow.of(memory));
        em.flush();
        em.clear(); // written: forget the row, so that the context (which every later query's auto-flush walks) stays small in a batch of 500 adds
    }

    @Override
    public void update(Memory memory) {
        MemoryRow row = em.find(MemoryRow.class, memory.id());
        if (row == null) {
            throw new IllegalStateException("no memory " + memory.id() + " to update");
        }
        row.copy(memory);
        em.flush();
        em.clear(); // as in insert
    }

    @Override
    public Optional<Memory> findById(String profileId, String id) {
        return MemoryRow.<MemoryRow>find("id = ?1 and profileId = ?2", id, profileId)
                .firstResultOptional().map(MemoryRow::toMemory);
    }

    @Override
    public List<Memory> findDuplicatesVisibleDuring(String profileId, MemoryType type, String normalizedContent,
                                                    Instant from, Instant until) {
        Map<String, Object> args = windowArgs(from, until);
        args.put("p", profileId);
        args.put("type", type.wireName());
        args.put("content", normalizedContent);
        return rows("SELECT * FROM memories WHERE profile_id = :p AND type = :type AND normalized_content = :content"
                + " AND" + VISIBLE_DURING + " ORDER BY id", args);
    }

    @Override
    public List<Memory> findByEntitiesVisibleDuring(String profileId, MemoryType type, Collection<String> entityKeys,
                                                    Instant from, Instant until) {
        if (entityKeys.isEmpty()) {
            return List.of();
        }
        Map<String, Object> args = windowArgs(from, until);
        args.put("p", profileId);
        args.put("type", type.wireName());
        args.put("keys", distinct(entityKeys));
        return rows("SELECT * FROM memories WHERE profile_id = :p AND type = :type"
                + " AND entity_keys && CAST(:keys AS text[]) AND" + VISIBLE_DURING + " ORDER BY id", args);
    }

    /** :from and :until for {@link #VISIBLE_DURING}; no end is an instant no memory reaches. */
    private static Map<String, Object> windowArgs(Instant from, Instant until) {
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("from", from);
        args.put("until", until == null ? Instant.parse("9999-12-31T00:00:00Z") : until);
        return args;
    }

    @Override
    public List<Memory> findVisible(String profileId, Instant asOf) {
        return rows("SELECT * FROM memories WHERE profile_id = :p AND" + VISIBLE,
                Map.of("p", profileId, "t", asOf));
    }

    @Override
    public List<Memory> findVisibleSharingTerms(String profileId, Instant asOf, Collection<String> terms) {
        if (terms.isEmpty()) {
            return List.of();
        }
        return rows("SELECT * FROM memories WHERE profile_id = :p AND keywords && CAST(:terms AS text[]) AND"
                + VISIBLE, Map.of("p", profileId, "t", asOf, "terms", distinct(terms)));
    }

    @Override
    public List<TermMatch> findVisibleTermMatches(String profileId, Instant asOf, Collection<String> terms) {
        if (terms.isEmpty()) {
            return List.of();
        }
        // scalar rows, not entities: no persistence-context entry or decoded lists for each of the
        // thousands of memories a common term can have; the counts are over distinct keywords
        Query query = em.createNativeQuery("SELECT id, type, weight, last_seen_at,"
                + " (SELECT count(DISTINCT k) FROM unnest(keywords) k WHERE k = ANY(CAST(:terms AS text[]))),"
                + " (SELECT count(DISTINCT k) FROM unnest(keywords) k)"
                + " FROM memories WHERE profile_id = :p AND keywords && CAST(:terms AS text[]) AND" + VISIBLE);
        query.setParameter("p", profileId);
        query.setParameter("t", asOf);
        query.setParameter("terms", distinct(terms));
        @SuppressWarnings("unchecked")
        List<Object[]> rows = query.getResultList();
        return rows.stream().map(row -> new TermMatch((String) row[0],
                MemoryType.fromWireName((String) row[1]).orElseThrow(), ((Number) row[2]).intValue(),
                (Instant) row[3], ((Number) row[4]).intValue(), ((Number) row[5]).intValue())).toList();
    }

    @Override
    public List<Memory> findVisibleAbout(String profileId, Instant asOf, String entityKey) {
        return rows("SELECT * FROM memories WHERE profile_id = :p AND entity_keys @> CAST(:keys AS text[]) AND"
                + VISIBLE, Map.of("p", profileId, "t", asOf, "keys", new String[] {entityKey}));
    }

    @Override
    public List<Memory> findMostRecentVisiblePerGroup(String profileId, Instant asOf, int perGroup) {
        // One short range of memories_recency per (type, bucket), in one statement.
        return rows("SELECT m.* FROM unnest(CAST(:types AS text[])) AS g(type)"
                        + " CROSS JOIN generate_series(1, :buckets) AS b(bucket)"
                        + " CROSS JOIN LATERAL (SELECT * FROM memories WHERE profile_id = :p AND type = g.type"
                        + " AND weight_bucket = b.bucket AND" + VISIBLE
                        + " ORDER BY last_seen_at DESC, id LIMIT :n) m",
                Map.of("p", profileId, "t", asOf, "types", TYPES, "buckets", RecallPolicy.WEIGHT_BUCKETS,
                        "n", perGroup));
    }

    @Override
    public List<Memory> findSupersededBy(String profileId, String id) {
        return MemoryRow.<MemoryRow>find("profileId = ?1 and supersededBy = ?2 order by createdAt, id", profileId, id)
                .stream().map(MemoryRow::toMemory).toList();
    }

    @Override
    public List<Memory> list(MemoryListQuery q) {
        StringBuilder sql = new StringBuilder("SELECT * FROM memories WHERE profile_id = :p");
        Map<String, Object> args = new LinkedHashMap<>();
        args.put("p", q.profileId());
        if (q.status() == MemoryStatus.ACTIVE) {
            sql.append(" AND status = 'active' AND (expires_at IS NULL OR expires_at > :now)");
            args.put("now", q.now());
        } else if (q.status() == MemoryStatus.EXPIRED) {
            sql.append(" AND (status = 'expired' OR (status = 'active' AND expires_at <= :now))");
            args.put("now", q.now());
        } else if (q.status() != null) {
            sql.append(" AND status = :status");
            args.put("status", q.status().wireName());
        }
        if (q.type() != null) {
            sql.append(" AND type = :type");
            args.put("type", q.type().wireName());
        }
        if (q.entityKey() != null) {
            sql.append(" AND entity_keys @> CAST(:keys AS text[])");
            args.put("keys", new String[] {q.entityKey()});
        }
        if (q.after() != null) {
            // a row comparison: one index range on memories_newest
            sql.append(" AND (created_at, id) < (:afterCreated, :afterId)");
            args.put("afterCreated", q.after().createdAt());
            args.put("afterId", q.after().id());
        }
        sql.append(" ORDER BY created_at DESC, id DESC LIMIT :limit");
        args.put("limit", q.limit());
        return rows(sql.toString(), args);
    }

    @Override
    public int deleteProfile(String profileId) {
        // memory_vectors follow by ON DELETE CASCADE; entities and keywords are columns of the row
        return PostgresDml.run(em, "DELETE FROM memories WHERE profile_id = :p", Map.of("p", profileId));
    }

    @Override
    public long countByProfile(String profileId) {
        return MemoryRow.count("profileId", profileId);
    }

    @Override
    public List<Memory> findAllAbout(String profileId, String entityKey) {
        return rows("SELECT * FROM memories WHERE profile_id = :p AND entity_keys @> CAST(:keys AS text[])"
                + " ORDER BY created_at, id", Map.of("p", profileId, "keys", new String[] {entityKey}));
    }

    private List<Memory> rows(String sql, Map<String, Object> args) {
        Query query = em.createNativeQuery(sql, MemoryRow.class);
        args.forEach(query::setParameter);
        @SuppressWarnings("unchecked")
        List<MemoryRow> rows = query.getResultList();
        return rows.stream().map(MemoryRow::toMemory).toList();
    }

    private static String[] distinct(Collection<String> values) {
        return new LinkedHashSet<>(values).toArray(String[]::new);
    }

    /** Retired at: see {@link Memories}. */
    private static final String RETIRED = " status IN ('expired', 'superseded', 'rejected', 'deleted')"
            + " AND COALESCE(valid_until, CASE WHEN status = 'expired' THEN expires_at ELSE last_seen_at END) <= :cutoff";

    @Override
    public List<String> findProfilesWithActiveExpired(Instant now) {
        return strings("SELECT DISTINCT profile_id FROM memories WHERE status = 'active' AND expires_at <= :now"
                + " ORDER BY profile_id", Map.of("now", now));
    }

    @Override
    public List<Memory> findActiveExpired(String profileId, Instant now, int limit) {
        return rows("SELECT * FROM memories WHERE status = 'active' AND expires_at <= :now AND profile_id = :p"
                + " ORDER BY expires_at, id LIMIT :n", Map.of("now", now, "p", profileId, "n", limit));
    }

    @Override
    public List<String> findProfilesWithRetiredBefore(Instant cutoff) {
        return strings("SELECT DISTINCT profile_id FROM memories WHERE" + RETIRED + " ORDER BY profile_id",
                Map.of("cutoff", cutoff));
    }

    @Override
    public List<Memory> findRetiredBefore(String profileId, Instant cutoff, int limit) {
        return rows("SELECT * FROM memories WHERE profile_id = :p AND" + RETIRED + " ORDER BY id LIMIT :n",
                Map.of("p", profileId, "cutoff", cutoff, "n", limit));
    }

    /**
     * Compactable at :now: see {@link Memories}. summarized_by is not mapped on {@link MemoryRow}:
     * only these statements read or write it, so an update of a memory never clears its link.
     */
    private static final String COMPACTABLE = " summarized_by IS NULL"
            + " AND (status IN ('expired', 'superseded') OR (status = 'active' AND expires_at <= :now))";

    @Override
    public List<MemoryGroup> findCompactionGroups(Collection<MemoryType> types, Instant now, int moreThan) {
        if (types.isEmpty()) {
            return List.of();
        }
        Query query = em.createNativeQuery("SELECT profile_id, type FROM memories WHERE type = ANY(CAST(:types AS text[]))"
                + " AND" + COMPACTABLE + " GROUP BY profile_id, type HAVING COUNT(*) > :n ORDER BY profile_id, type");
        query.setParameter("types", types.stream().map(MemoryType::wireName).distinct().toArray(String[]::new));
        query.setParameter("now", now);
        query.setParameter("n", moreThan);
        @SuppressWarnings("unchecked")
        List<Object[]> rows = query.getResultList();
        return rows.stream().map(r -> new MemoryGroup((String) r[0],
                MemoryType.fromWireName((String) r[1]).orElseThrow())).toList();
    }

    @Override
    public List<Memory> findCompactable(String profileId, MemoryType type, Instant now) {
        return rows("SELECT * FROM memories WHERE profile_id = :p AND type = :type AND" + COMPACTABLE
                + " ORDER BY created_at, id", Map.of("p", profileId, "type", type.wireName(), "now", now));
    }

    @Override
    public int markSummarized(String profileId, Collection<String> ids, String summaryId) {
        if (ids.isEmpty()) {
            return 0;
        }
        return PostgresDml.run(em, "UPDATE memories SET summarized_by = :s WHERE profile_id = :p"
                + " AND id = ANY(CAST(:ids AS text[]))", Map.of("s", summaryId, "p", profileId, "ids", distinct(ids)));
    }

    @Override
    public Optional<String> findSummaryOf(String profileId, String id) {
        return strings("SELECT summarized_by FROM memories WHERE profile_id = :p AND id = :id"
                + " AND summarized_by IS NOT NULL", Map.of("p", profileId, "id", id)).stream().findFirst();
    }

    @Override
    public List<String> findSummarized(String profileId, String summaryId) {
        return strings("SELECT id FROM memories WHERE profile_id = :p AND summarized_by = :s ORDER BY id",
                Map.of("p", profileId, "s", summaryId));
    }

    @Override
    public boolean delete(String profileId, String id) {
        MemoryRow row = em.find(MemoryRow.class, id);
        if (row == null || !row.toMemory().profileId().equals(profileId)) {
            return false;
        }
        em.remove(row); // memory_vectors follows by ON DELETE CASCADE
        em.flush();
        return true;
    }

    private List<String> strings(String sql, Map<String, Object> args) {
        Query query = em.createNativeQuery(sql, String.class);
        args.forEach(query::setParameter);
        @SuppressWarnings("unchecked")
        List<String> values = query.getResultList();
        return values;
    }
}
