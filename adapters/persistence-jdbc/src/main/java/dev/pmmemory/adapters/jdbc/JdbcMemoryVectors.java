package dev.pmmemory.adapters.jdbc;

import dev.pmmemory.application.port.out.AssociatedData;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.port.out.MemoryVectors;
import dev.pmmemory.domain.formula.Bindings;
import dev.pmmemory.domain.formula.Parameter;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Visibility;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * {@link MemoryVectors} in table {@code memory_vectors}: one row per memory, the vector as little-endian
 * float32 ({@link VectorBytes}), with a stamp new at every write so that {@link VectorCache} serves a
 * vector only while its row is the one it was read from.
 */
public final class JdbcMemoryVectors implements MemoryVectors {
    /** Ids per statement: well under SQLite's limit of bound parameters. */
    private static final int CHUNK = 500;

    private final Sql sql;
    private final VectorCache cache;
    private final RankingRows rankingRows;
    private final KeptRowsVersion version;
    private final Runnable changed;
    /** Opens the content of a memory that still needs its vector. */
    private final FieldProtection protection;

    /**
     * @param version whether this transaction may keep or serve {@code rankingRows}
     * @param changed told of every change to a vector
     */
    public JdbcMemoryVectors(Sql sql, VectorCache cache, RankingRows rankingRows, KeptRowsVersion version,
                             Runnable changed) {
        this(sql, cache, rankingRows, version, changed, FieldProtection.none());
    }

    /** @param protection opens the sealed content of the memories it hands out for embedding */
    public JdbcMemoryVectors(Sql sql, VectorCache cache, RankingRows rankingRows, KeptRowsVersion version,
                             Runnable changed, FieldProtection protection) {
        this.protection = protection;
        this.sql = sql;
        this.cache = cache;
        this.rankingRows = rankingRows;
        this.version = version;
        this.changed = changed;
    }

    @Override
    public void put(String profileId, String memoryId, String model, float[] vector) {
        changed.run();
        // a new random stamp for every write: a vector any instance cached from the old row no longer matches
        sql.update("INSERT INTO memory_vectors (memory_id, profile_id, model, vector, stamp) VALUES (?, ?, ?, ?, ?)"
                        + " ON CONFLICT (memory_id) DO UPDATE SET profile_id = excluded.profile_id,"
                        + " model = excluded.model, vector = excluded.vector, stamp = excluded.stamp",
                memoryId, profileId, model, VectorBytes.encode(vector), VectorCache.newStamp());
    }

    @Override
    public Map<String, float[]> find(String profileId, String model, Collection<String> memoryIds) {
        List<String> ids = new ArrayList<>(new LinkedHashSet<>(memoryIds));
        Map<String, float[]> out = new LinkedHashMap<>();
        for (int from = 0; from < ids.size(); from += CHUNK) {
            List<String> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
            List<Object> args = new ArrayList<>(List.of(profileId, model));
            args.addAll(chunk);
            sql.query("SELECT memory_id, vector FROM memory_vectors WHERE profile_id = ? AND model = ?"
                            + " AND memory_id IN (" + Codec.placeholders(chunk.size()) + ")",
                    rs -> Map.entry(rs.getString(1), VectorBytes.decode(rs.getBytes(2))), args.toArray())
                    .forEach(e -> out.put(e.getKey(), e.getValue()));
        }
        return out;
    }

    /**
     * Every visible memory's ranking columns and vector; what a read finds is kept, and served to later
     * reads while the store says the profile is unchanged ({@link KeptRowsVersion}).
     */
    @Override
    public List<RankingColumns> findVisibleRankingColumns(String profileId, Instant asOf, String model) {
        long t = asOf.toEpochMilli();
        OptionalLong tag = version.forRead(profileId);
        List<RankingRows.Row> rows = tag.isPresent()
                ? rankingRows.get(profileId, model, t, kept -> version.current(profileId, kept)) : null;
        if (rows == null) {
            rows = notRetiredAt(profileId, t, model);
            if (tag.isPresent() && version.current(profileId, tag.getAsLong())) {
                rankingRows.put(profileId, model, tag.getAsLong(), t, rows);
            }
        }
        return RankingRows.visibleAt(rows, t);
    }

    /**
     * Every memory of the profile not retired at {@code t} (visible then, or valid only later), with its
     * window and its vector of {@code model}: the visible ones at t or any later instant.
     */
    private List<RankingRows.Row> notRetiredAt(String profileId, long t, String model) {
        record Read(String id, MemoryType type, int weight, long lastSeenAt, long expiresAt, Long validFrom,
                    Long validUntil, Long stamp) {
        }
        // the columns from the covering memories_recency index; each vector's stamp from
        // memory_vectors_stamp: no row and no vector is read for these
        SqlFormula.Rendered notRetired = SqlFormula.over(sql.dialect(), "m").render(Visibility.NOT_RETIRED_AT,
                Bindings.of(Parameter.AS_OF, t));
        List<Object> args = new ArrayList<>(List.of(model, profileId));
        args.addAll(notRetired.args());
        List<Read> reads = sql.query("SELECT m.id, m.type, m.weight, m.last_seen_at, m.expires_at, m.valid_from,"
                        + " m.valid_until, v.stamp FROM " + sql.dialect().indexedBy("memories m", "memories_recency")
                        + " LEFT JOIN " + sql.dialect().indexedBy("memory_vectors v", "memory_vectors_stamp")
                        + " ON v.memory_id = m.id AND v.model = ?"
                        + " WHERE m.profile_id = ? AND " + notRetired.sql(),
                rs -> new Read(rs.getString(1), MemoryType.fromWireName(rs.getString(2)).orElseThrow(), rs.getInt(3),
                        rs.getLong(4), rs.getLong(5), Codec.getNullableLong(rs, 6), Codec.getNullableLong(rs, 7),
                        Codec.getNullableLong(rs, 8)),
                args.toArray());
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
            out.addAll(sql.query("SELECT memory_id, stamp, vector FROM memory_vectors WHERE model = ?"
                            + " AND memory_id IN (" + Codec.placeholders(chunk.size()) + ")",
                    JdbcMemoryVectors::storedVector, args.toArray()));
        }
        return out;
    }

    private static VectorCache.StoredVector storedVector(ResultSet rs) throws SQLException {
        return new VectorCache.StoredVector(rs.getString(1), rs.getLong(2), VectorBytes.decode(rs.getBytes(3)));
    }

    @Override
    public List<MissingVector> missing(String model, int limit) {
        return sql.query("SELECT m.profile_id, m.id, m.content FROM memories m WHERE NOT EXISTS"
                        + " (SELECT 1 FROM memory_vectors v WHERE v.memory_id = m.id AND v.model = ?)"
                        + " ORDER BY m.profile_id, m.id LIMIT ?",
                rs -> new MissingVector(rs.getString(1), rs.getString(2), Sealing.open(protection, rs.getString(3),
                        new AssociatedData("memories", "content", rs.getString(2), rs.getString(1)))), model, limit);
    }
}
