package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.MemoryVectors;
import dev.pmmemory.application.port.out.VectorBytes;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import dev.pmmemory.domain.memory.MemoryType;
import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import org.hibernate.Session;

/**
 * {@link MemoryVectors} in table {@code memory_vectors} (migration V2), on the connection of the
 * caller's transaction. Plain SQL (JDBC, or a native query where it shares PostgresMemories' recall
 * window): a bytea of little-endian float32 needs no entity mapping.
 * The memory rows are flushed at insert ({@link PostgresMemories}), so the foreign key sees them.
 */
final class PostgresMemoryVectors implements MemoryVectors {
    private final EntityManager em;

    PostgresMemoryVectors(EntityManager em) {
        this.em = em;
    }

    @Override
    public void put(String profileId, String memoryId, String model, float[] vector) {
        em.unwrap(Session.class).doWork(c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "INSERT INTO memory_vectors(memory_id, profile_id, model, vector) VALUES (?, ?, ?, ?)"
                            + " ON CONFLICT (memory_id) DO UPDATE SET profile_id = EXCLUDED.profile_id,"
                            + " model = EXCLUDED.model, vector = EXCLUDED.vector")) {
                ps.setString(1, memoryId);
                ps.setString(2, profileId);
                ps.setString(3, model);
                ps.setBytes(4, VectorBytes.encode(vector));
                ps.executeUpdate();
            }
        });
    }

    @Override
    public Map<String, float[]> find(String profileId, String model, Collection<String> memoryIds) {
        Map<String, float[]> out = new LinkedHashMap<>();
        if (memoryIds.isEmpty()) {
            return out;
        }
        String[] ids = new LinkedHashSet<>(memoryIds).toArray(String[]::new);
        em.unwrap(Session.class).doWork(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT memory_id, vector FROM memory_vectors"
                    + " WHERE profile_id = ? AND model = ? AND memory_id = ANY (?)")) {
                Array array = c.createArrayOf("text", ids);
                ps.setString(1, profileId);
                ps.setString(2, model);
                ps.setArray(3, array);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.put(rs.getString(1), VectorBytes.decode(rs.getBytes(2)));
                    }
                } finally {
                    array.free();
                }
            }
        });
        return out;
    }

    @Override
    public List<RankingFacts> findVisibleRankingFacts(String profileId, Instant asOf, String model) {
        // the recall window of PostgresMemories, bound the same way
        Query query = em.createNativeQuery("SELECT m.id, m.type, m.weight, m.last_seen_at, v.vector FROM memories m"
                + " LEFT JOIN memory_vectors v ON v.memory_id = m.id AND v.model = :model"
                + " WHERE m.profile_id = :p AND" + PostgresMemories.VISIBLE);
        query.setParameter("model", model);
        query.setParameter("p", profileId);
        query.setParameter("t", asOf);
        @SuppressWarnings("unchecked")
        List<Object[]> rows = query.getResultList();
        return rows.stream().map(row -> new RankingFacts((String) row[0],
                MemoryType.fromWireName((String) row[1]).orElseThrow(), ((Number) row[2]).intValue(),
                (Instant) row[3], row[4] == null ? null : VectorBytes.decode((byte[]) row[4]))).toList();
    }

    @Override
    public List<MissingVector> missing(String model, int limit) {
        List<MissingVector> out = new ArrayList<>();
        em.unwrap(Session.class).doWork(c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT m.profile_id, m.id, m.content FROM memories m"
                    + " WHERE NOT EXISTS (SELECT 1 FROM memory_vectors v WHERE v.memory_id = m.id AND v.model = ?)"
                    + " ORDER BY m.profile_id, m.id LIMIT ?")) {
                ps.setString(1, model);
                ps.setInt(2, limit);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new MissingVector(rs.getString(1), rs.getString(2), rs.getString(3)));
                    }
                }
            }
        });
        return out;
    }
}
