package dev.pmmemory.adapters.sqlite;

import dev.pmmemory.application.port.out.MemoryVectors;
import dev.pmmemory.application.port.out.VectorBytes;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/** {@link MemoryVectors} in table {@code memory_vectors}: one row per memory, the vector as little-endian float32. */
final class SqliteMemoryVectors implements MemoryVectors {
    /** Well below SQLite's limit on bound parameters. */
    private static final int CHUNK = 500;

    private final Statements c;

    SqliteMemoryVectors(Statements c) {
        this.c = c;
    }

    @Override
    public void put(String profileId, String memoryId, String model, float[] vector) {
        Jdbc.run(() -> {
            try (Statements.Lease lease = c.prepare(
                    "INSERT INTO memory_vectors(memory_id, profile_id, model, vector) VALUES (?, ?, ?, ?)"
                            + " ON CONFLICT(memory_id) DO UPDATE SET profile_id = excluded.profile_id,"
                            + " model = excluded.model, vector = excluded.vector")) {
                PreparedStatement ps = lease.statement();
                Jdbc.bind(ps, memoryId, profileId, model, VectorBytes.encode(vector));
                ps.executeUpdate();
            }
        });
    }

    @Override
    public Map<String, float[]> find(String profileId, String model, Collection<String> memoryIds) {
        List<String> ids = new ArrayList<>(new LinkedHashSet<>(memoryIds));
        Map<String, float[]> out = new LinkedHashMap<>();
        for (int from = 0; from < ids.size(); from += CHUNK) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
            List<Object> args = new ArrayList<>(List.of(profileId, model));
            args.addAll(chunk);
            String marks = String.join(", ", java.util.Collections.nCopies(chunk.size(), "?"));
            Jdbc.query(c, "SELECT memory_id, vector FROM memory_vectors WHERE profile_id = ? AND model = ?"
                            + " AND memory_id IN (" + marks + ")",
                    rs -> Map.entry(rs.getString(1), VectorBytes.decode(rs.getBytes(2))), args.toArray())
                    .forEach(e -> out.put(e.getKey(), e.getValue()));
        }
        return out;
    }

    @Override
    public List<RankingFacts> findVisibleRankingFacts(String profileId, Instant asOf, String model) {
        long t = asOf.toEpochMilli();
        // the recall window of SqliteMemories (a memories_recall range of one profile); the vector by primary key
        return Jdbc.query(c, "SELECT id, type, weight, last_seen_at, (SELECT v.vector FROM memory_vectors v"
                        + " WHERE v.memory_id = memories.id AND v.model = ?) FROM memories WHERE profile_id = ? AND"
                        + SqliteMemories.VISIBLE,
                rs -> {
                    byte[] vector = rs.getBytes(5);
                    return new RankingFacts(rs.getString(1), MemoryType.fromWireName(rs.getString(2)).orElseThrow(),
                            rs.getInt(3), Instant.ofEpochMilli(rs.getLong(4)),
                            vector == null ? null : VectorBytes.decode(vector));
                }, model, profileId, t, t, t);
    }

    @Override
    public List<MissingVector> missing(String model, int limit) {
        return Jdbc.query(c, "SELECT m.profile_id, m.id, m.content FROM memories m WHERE NOT EXISTS"
                        + " (SELECT 1 FROM memory_vectors v WHERE v.memory_id = m.id AND v.model = ?)"
                        + " ORDER BY m.profile_id, m.id LIMIT ?",
                rs -> new MissingVector(rs.getString(1), rs.getString(2), rs.getString(3)), model, limit);
    }
}
