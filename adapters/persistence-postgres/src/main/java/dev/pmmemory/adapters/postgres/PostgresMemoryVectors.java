package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.RankingRows;
import dev.pmmemory.application.port.out.VectorCache;
import dev.pmmemory.application.port.out.MemoryVectors;
import dev.pmmemory.application.port.out.VectorBytes;
import dev.pmmemory.domain.memory.MemoryType;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link MemoryVectors} in table {@code memory_vectors} (migration V2), on the connection of the
 * caller's transaction: a bytea of little-endian float32. The memory rows are written when
 * inserted ({@link PostgresMemories}), so the foreign key sees them.
 */
final class PostgresMemoryVectors implements MemoryVectors {
    private final Connection c;
    private final VectorCache cache;
    /** null in a write transaction. */
    private final RankingRows facts;

    /** null in a read transaction. */
    private final RowChanges changes;

    PostgresMemoryVectors(Connection c, VectorCache cache, RankingRows facts, RowChanges changes) {
        this.c = c;
        this.changes = changes;
        this.cache = cache;
        this.facts = facts;
    }

    @Override
    public void put(String profileId, String memoryId, String model, float[] vector) {
        if (changes != null) {
            changes.changed();
        }
        // a new random stamp for every write: a vector any instance cached from the old row no longer matches
        PgSql.update(c, "INSERT INTO memory_vectors(memory_id, profile_id, model, vector, stamp) VALUES (?, ?, ?, ?, ?)"
                        + " ON CONFLICT (memory_id) DO UPDATE SET profile_id = EXCLUDED.profile_id,"
                        + " model = EXCLUDED.model, vector = EXCLUDED.vector, stamp = EXCLUDED.stamp",
                memoryId, profileId, model, VectorBytes.encode(vector), VectorCache.newStamp());
    }

    @Override
    public Map<String, float[]> find(String profileId, String model, Collection<String> memoryIds) {
        Map<String, float[]> out = new LinkedHashMap<>();
        if (memoryIds.isEmpty()) {
            return out;
        }
        PgSql.query(c, "SELECT memory_id, vector FROM memory_vectors WHERE profile_id = ? AND model = ?"
                        + " AND memory_id = ANY (?)", rs -> out.put(rs.getString(1), VectorBytes.decode(rs.getBytes(2))),
                profileId, model, PgSql.distinct(memoryIds));
        return out;
    }

    /**
     * Every visible memory's ranking facts; what a read finds is kept while the profile's version in
     * {@code profile_versions} (V10) is the one it was read under: every write transaction of the
     * profile, by any instance on the database, sets a new random version (PostgresMemoryStore.write),
     * and a version never comes back.
     */
    @Override
    public List<RankingFacts> findVisibleRankingFacts(String profileId, Instant asOf, String model) {
        long t = asOf.toEpochMilli();
        if (facts == null) { // in a write transaction: its own changes, under no version yet
            return RankingRows.visibleAt(notRetiredAt(profileId, asOf, model), t);
        }
        // the version in the read's snapshot: the rows read next are of that same snapshot
        long version = PgSql.query(c, "SELECT version FROM profile_versions WHERE profile_id = ?",
                rs -> rs.getLong(1), profileId).stream().findFirst().orElse(0L);
        List<RankingRows.Row> rows = facts.get(profileId, model, t, tag -> tag == version);
        if (rows == null) {
            rows = notRetiredAt(profileId, asOf, model);
            facts.put(profileId, model, version, t, rows);
        }
        return RankingRows.visibleAt(rows, t);
    }

    /** Every memory of the profile not retired at {@code asOf} (visible then or only later), with its window and vector. */
    private List<RankingRows.Row> notRetiredAt(String profileId, Instant asOf, String model) {
        record Read(String id, MemoryType type, int weight, long lastSeenAt, long expiresAt, Long validFrom,
                    Long validUntil, Long stamp) {
        }
        List<Read> reads = PgSql.query(c, "SELECT m.id, m.type, m.weight, m.last_seen_at, m.expires_at, m.valid_from,"
                        + " m.valid_until, v.stamp FROM memories m"
                        + " LEFT JOIN memory_vectors v ON v.memory_id = m.id AND v.model = ?"
                        + " WHERE m.profile_id = ? AND (m.valid_until IS NULL OR m.valid_until > ?)"
                        + " AND (m.expires_at IS NULL OR m.expires_at > ?)",
                rs -> {
                    Instant expires = PgSql.instant(rs, "expires_at");
                    return new Read(rs.getString(1), MemoryType.fromWireName(rs.getString(2)).orElseThrow(),
                            rs.getInt(3), PgSql.instant(rs, "last_seen_at").toEpochMilli(),
                            expires == null ? Long.MAX_VALUE : expires.toEpochMilli(),
                            millis(PgSql.instant(rs, "valid_from")), millis(PgSql.instant(rs, "valid_until")),
                            rs.getObject(8) == null ? null : rs.getLong(8));
                },
                model, profileId, asOf, asOf);
        Map<String, float[]> vectors = cache.resolve(profileId, reads.stream().filter(r -> r.stamp() != null)
                .map(r -> new VectorCache.Stamped(r.id(), r.stamp())).toList(), ids -> PgSql.query(c,
                        "SELECT memory_id, stamp, vector FROM memory_vectors WHERE model = ? AND memory_id = ANY (?)",
                        rs -> new VectorCache.StoredVector(rs.getString(1), rs.getLong(2),
                                VectorBytes.decode(rs.getBytes(3))), model, ids.toArray(String[]::new)));
        List<RankingRows.Row> rows = new ArrayList<>(reads.size());
        for (Read r : reads) {
            rows.add(new RankingRows.Row(r.id(), r.type(), r.weight(), r.lastSeenAt(), r.expiresAt(), r.validFrom(),
                    r.validUntil(), vectors.get(r.id())));
        }
        return rows;
    }

    private static Long millis(Instant t) {
        return t == null ? null : t.toEpochMilli();
    }

    @Override
    public List<MissingVector> missing(String model, int limit) {
        return PgSql.query(c, "SELECT m.profile_id, m.id, m.content FROM memories m"
                        + " WHERE NOT EXISTS (SELECT 1 FROM memory_vectors v WHERE v.memory_id = m.id AND v.model = ?)"
                        + " ORDER BY m.profile_id, m.id LIMIT ?",
                rs -> new MissingVector(rs.getString(1), rs.getString(2), rs.getString(3)), model, limit);
    }
}
