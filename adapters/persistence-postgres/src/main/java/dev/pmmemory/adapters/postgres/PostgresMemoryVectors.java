package dev.pmmemory.adapters.postgres;

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

    PostgresMemoryVectors(Connection c, VectorCache cache) {
        this.c = c;
        this.cache = cache;
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
        record Row(String id, MemoryType type, int weight, Instant lastSeenAt, Long stamp) {
        }
        // the recall window of PostgresMemories, bound the same way; each vector's stamp, not its bytes
        List<Row> rows = PgSql.query(c, "SELECT m.id, m.type, m.weight, m.last_seen_at, v.stamp FROM memories m"
                        + " LEFT JOIN memory_vectors v ON v.memory_id = m.id AND v.model = ?"
                        + " WHERE m.profile_id = ? AND" + PostgresMemories.VISIBLE,
                rs -> new Row(rs.getString(1), MemoryType.fromWireName(rs.getString(2)).orElseThrow(), rs.getInt(3),
                        PgSql.instant(rs, "last_seen_at"), rs.getObject(5) == null ? null : rs.getLong(5)),
                model, profileId, asOf, asOf, asOf);
        Map<String, float[]> vectors = new HashMap<>();
        List<String> unseen = new ArrayList<>();
        for (Row r : rows) {
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
        List<RankingFacts> facts = new ArrayList<>(rows.size());
        for (Row r : rows) {
            facts.add(new RankingFacts(r.id(), r.type(), r.weight(), r.lastSeenAt(), vectors.get(r.id())));
        }
        return facts;
    }

    @Override
    public List<MissingVector> missing(String model, int limit) {
        return PgSql.query(c, "SELECT m.profile_id, m.id, m.content FROM memories m"
                        + " WHERE NOT EXISTS (SELECT 1 FROM memory_vectors v WHERE v.memory_id = m.id AND v.model = ?)"
                        + " ORDER BY m.profile_id, m.id LIMIT ?",
                rs -> new MissingVector(rs.getString(1), rs.getString(2), rs.getString(3)), model, limit);
    }
}
