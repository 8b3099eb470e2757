package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.VectorCache;
import dev.pmmemory.application.port.out.MemoryVectors;
import dev.pmmemory.application.port.out.VectorBytes;
import dev.pmmemory.domain.memory.MemoryType;
import java.sql.Connection;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@link MemoryVectors} in table {@code memory_vectors} (migration V2), on the connection of the
 * caller's transaction: a bytea of little-endian float32. The memory rows are written when
 * inserted ({@link PostgresMemories}), so the foreign key sees them.
 */
final class PostgresMemoryVectors implements MemoryVectors {
    private final Connection c;
    private final VectorCache cache;
    /** null in a write transaction. */
    private final RankingFactsCache facts;

    PostgresMemoryVectors(Connection c, VectorCache cache, RankingFactsCache facts) {
        this.c = c;
        this.cache = cache;
        this.facts = facts;
    }

    @Override
    public void put(String profileId, String memoryId, String model, float[] vector) {
        // a new random stamp for every write: a vector any instance cached from the old row no longer matches
        PgSql.update(c, "INSERT INTO memory_vectors(memory_id, profile_id, model, vector, stamp) VALUES (?, ?, ?, ?, ?)"
                        + " ON CONFLICT (memory_id) DO UPDATE SET profile_id = EXCLUDED.profile_id,"
                        + " model = EXCLUDED.model, vector = EXCLUDED.vector, stamp = EXCLUDED.stamp",
                memoryId, profileId, model, VectorBytes.encode(vector), newStamp());
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

    /** Random and never 0 (the stamp of rows written before stamps existed). */
    private static long newStamp() {
        long stamp;
        do {
            stamp = ThreadLocalRandom.current().nextLong();
        } while (stamp == 0);
        return stamp;
    }

    @Override
    public List<RankingFacts> findVisibleRankingFacts(String profileId, Instant asOf, String model) {
        long t = asOf.toEpochMilli();
        List<RankingFactsCache.Row> rows;
        if (facts == null) { // in a write transaction: its own changes, under no version yet
            rows = notRetiredAt(profileId, asOf, model);
        } else {
            // the version in the read's snapshot: the rows read next are of that same snapshot
            long version = PgSql.query(c, "SELECT version FROM profile_versions WHERE profile_id = ?",
                    rs -> rs.getLong(1), profileId).stream().findFirst().orElse(0L);
            rows = facts.get(profileId, model, version, t);
            if (rows == null) {
                rows = notRetiredAt(profileId, asOf, model);
                facts.put(profileId, model, version, t, rows);
            }
        }
        List<RankingFacts> out = new ArrayList<>(rows.size());
        for (RankingFactsCache.Row r : rows) {
            if (r.visibleAt(t)) {
                out.add(new RankingFacts(r.id(), r.type(), r.weight(), Instant.ofEpochMilli(r.lastSeenAt()), r.vector()));
            }
        }
        return out;
    }

    /** Every memory of the profile not retired at {@code asOf} (visible then or only later), with its window and vector. */
    private List<RankingFactsCache.Row> notRetiredAt(String profileId, Instant asOf, String model) {
        record Read(String id, MemoryType type, int weight, long lastSeenAt, Long expiresAt, Long validFrom,
                    Long validUntil, Long stamp) {
        }
        List<Read> reads = PgSql.query(c, "SELECT m.id, m.type, m.weight, m.last_seen_at, m.expires_at, m.valid_from,"
                        + " m.valid_until, v.stamp FROM memories m"
                        + " LEFT JOIN memory_vectors v ON v.memory_id = m.id AND v.model = ?"
                        + " WHERE m.profile_id = ? AND (m.valid_until IS NULL OR m.valid_until > ?)"
                        + " AND (m.expires_at IS NULL OR m.expires_at > ?)",
                rs -> new Read(rs.getString(1), MemoryType.fromWireName(rs.getString(2)).orElseThrow(), rs.getInt(3),
                        PgSql.instant(rs, "last_seen_at").toEpochMilli(), millis(PgSql.instant(rs, "expires_at")),
                        millis(PgSql.instant(rs, "valid_from")), millis(PgSql.instant(rs, "valid_until")),
                        rs.getObject(8) == null ? null : rs.getLong(8)),
                model, profileId, asOf, asOf);
        Map<String, float[]> vectors = new HashMap<>();
        List<String> unseen = new ArrayList<>();
        for (Read r : reads) {
            if (r.stamp() != null) {
                float[] cached = cache.get(r.id(), r.stamp());
                if (cached != null) {
                    vectors.put(r.id(), cached);
                } else {
                    unseen.add(r.id());
                }
            }
        }
        if (!unseen.isEmpty()) {
            PgSql.query(c, "SELECT memory_id, stamp, vector FROM memory_vectors WHERE model = ? AND memory_id = ANY (?)",
                    rs -> {
                        float[] vector = VectorBytes.decode(rs.getBytes(3));
                        cache.put(profileId, rs.getString(1), rs.getLong(2), vector);
                        return vectors.put(rs.getString(1), vector);
                    }, model, unseen.toArray(String[]::new));
        }
        List<RankingFactsCache.Row> rows = new ArrayList<>(reads.size());
        for (Read r : reads) {
            rows.add(new RankingFactsCache.Row(r.id(), r.type(), r.weight(), r.lastSeenAt(), r.expiresAt(),
                    r.validFrom(), r.validUntil(), vectors.get(r.id())));
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
