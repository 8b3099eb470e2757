package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.MemoryVectors;
import dev.pmmemory.application.port.out.VectorBytes;
import dev.pmmemory.domain.memory.MemoryType;
import java.sql.Connection;
import java.time.Instant;
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

    PostgresMemoryVectors(Connection c) {
        this.c = c;
    }

    @Override
    public void put(String profileId, String memoryId, String model, float[] vector) {
        PgSql.update(c, "INSERT INTO memory_vectors(memory_id, profile_id, model, vector) VALUES (?, ?, ?, ?)"
                        + " ON CONFLICT (memory_id) DO UPDATE SET profile_id = EXCLUDED.profile_id,"
                        + " model = EXCLUDED.model, vector = EXCLUDED.vector",
                memoryId, profileId, model, VectorBytes.encode(vector));
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

    @Override
    public List<RankingFacts> findVisibleRankingFacts(String profileId, Instant asOf, String model) {
        // the recall window of PostgresMemories, bound the same way
        return PgSql.query(c, "SELECT m.id, m.type, m.weight, m.last_seen_at, v.vector FROM memories m"
                        + " LEFT JOIN memory_vectors v ON v.memory_id = m.id AND v.model = ?"
                        + " WHERE m.profile_id = ? AND" + PostgresMemories.VISIBLE,
                rs -> {
                    byte[] vector = rs.getBytes("vector");
                    return new RankingFacts(rs.getString("id"), MemoryType.fromWireName(rs.getString("type")).orElseThrow(),
                            rs.getInt("weight"), PgSql.instant(rs, "last_seen_at"),
                            vector == null ? null : VectorBytes.decode(vector));
                },
                model, profileId, asOf, asOf, asOf);
    }

    @Override
    public List<MissingVector> missing(String model, int limit) {
        return PgSql.query(c, "SELECT m.profile_id, m.id, m.content FROM memories m"
                        + " WHERE NOT EXISTS (SELECT 1 FROM memory_vectors v WHERE v.memory_id = m.id AND v.model = ?)"
                        + " ORDER BY m.profile_id, m.id LIMIT ?",
                rs -> new MissingVector(rs.getString(1), rs.getString(2), rs.getString(3)), model, limit);
    }
}
