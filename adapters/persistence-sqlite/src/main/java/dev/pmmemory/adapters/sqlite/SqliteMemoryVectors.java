package dev.pmmemory.adapters.sqlite;

import dev.pmmemory.application.port.out.RankingRows;
import dev.pmmemory.application.port.out.VectorCache;
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
    private final VectorCache cache;
    private final SqliteMemoryStore.CachedFacts facts;

    SqliteMemoryVectors(Statements c, VectorCache cache, SqliteMemoryStore.CachedFacts facts) {
        this.c = c;
        this.cache = cache;
        this.facts = facts;
    }

    @Override
    public void put(String profileId, String memoryId, String model, float[] vector) {
        Jdbc.run(() -> {
            try (Statements.Lease lease = c.prepare(
                    "INSERT INTO memory_vectors(memory_id, profile_id, model, vector, stamp) VALUES (?, ?, ?, ?, ?)"
                            + " ON CONFLICT(memory_id) DO UPDATE SET profile_id = excluded.profile_id,"
                            + " model = excluded.model, vector = excluded.vector, stamp = excluded.stamp")) {
                PreparedStatement ps = lease.statement();
                // a new stamp for every write: a vector cached from the old row no longer matches
                Jdbc.bind(ps, memoryId, profileId, model, VectorBytes.encode(vector), VectorCache.newStamp());
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
        long sequence = facts.readSequence();
        boolean reading = sequence >= 0;
        List<RankingRows.Row> rows = reading
                ? facts.rows().get(profileId, model, t, seq -> facts.writes().unchangedSince(profileId, seq)) : null;
        if (rows == null) {
            rows = notRetiredAt(profileId, t, model);
            if (reading && facts.writes().unchangedSince(profileId, sequence)) {
                facts.rows().put(profileId, model, sequence, t, rows);
            }
        }
        return RankingRows.visibleAt(rows, t);
    }

    /**
     * Every memory of the profile not retired at {@code t} (visible then, or valid only later), with
     * its window and its vector of {@code model}: the visible ones at t or any later instant.
     */
    private List<RankingRows.Row> notRetiredAt(String profileId, long t, String model) {
        record Read(String id, MemoryType type, int weight, long lastSeenAt, long expiresAt, Long validFrom,
                    Long validUntil, Long stamp) {
        }
        // the columns from the covering memories_recency index; each vector's stamp from
        // memory_vectors_stamp: no row and no vector is read for these
        List<Read> reads = Jdbc.query(c, "SELECT m.id, m.type, m.weight, m.last_seen_at, m.expires_at, m.valid_from,"
                        + " m.valid_until, v.stamp FROM memories m INDEXED BY memories_recency"
                        + " LEFT JOIN memory_vectors v INDEXED BY memory_vectors_stamp ON v.memory_id = m.id AND v.model = ?"
                        + " WHERE m.profile_id = ? AND m.expires_at > ? AND (m.valid_until IS NULL OR m.valid_until > ?)",
                rs -> new Read(rs.getString(1), MemoryType.fromWireName(rs.getString(2)).orElseThrow(), rs.getInt(3),
                        rs.getLong(4), rs.getLong(5), nullableLong(rs, 6), nullableLong(rs, 7), nullableLong(rs, 8)),
                model, profileId, t, t);
        Map<String, float[]> vectors = cache.resolve(profileId, reads.stream().filter(r -> r.stamp() != null)
                .map(r -> new VectorCache.Stamped(r.id(), r.stamp())).toList(), ids -> readVectors(model, ids));
        List<RankingRows.Row> rows = new ArrayList<>(reads.size());
        for (Read r : reads) {
            rows.add(new RankingRows.Row(r.id(), r.type(), r.weight(), r.lastSeenAt(), r.expiresAt(), r.validFrom(),
                    r.validUntil(), vectors.get(r.id())));
        }
        return rows;
    }

    private List<VectorCache.StoredVector> readVectors(String model, List<String> ids) {
        List<VectorCache.StoredVector> out = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += CHUNK) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
            List<Object> args = new ArrayList<>(List.of(model));
            args.addAll(chunk);
            out.addAll(Jdbc.query(c, "SELECT memory_id, stamp, vector FROM memory_vectors WHERE model = ?"
                            + " AND memory_id IN (" + SqliteCodec.placeholders(chunk.size()) + ")",
                    rs -> new VectorCache.StoredVector(rs.getString(1), rs.getLong(2), VectorBytes.decode(rs.getBytes(3))),
                    args.toArray()));
        }
        return out;
    }

    private static Long nullableLong(java.sql.ResultSet rs, int column) throws java.sql.SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
    }

    @Override
    public List<MissingVector> missing(String model, int limit) {
        return Jdbc.query(c, "SELECT m.profile_id, m.id, m.content FROM memories m WHERE NOT EXISTS"
                        + " (SELECT 1 FROM memory_vectors v WHERE v.memory_id = m.id AND v.model = ?)"
                        + " ORDER BY m.profile_id, m.id LIMIT ?",
                rs -> new MissingVector(rs.getString(1), rs.getString(2), rs.getString(3)), model, limit);
    }
}
