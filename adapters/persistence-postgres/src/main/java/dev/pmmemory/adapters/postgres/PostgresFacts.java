package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.Facts;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Source;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * {@link Facts} over PostgreSQL (migration V8), on the connection of the caller's transaction. The
 * partial unique index {@code facts_open} keeps at most one open version per attribute.
 */
final class PostgresFacts implements Facts {
    private static final String OLDEST_FIRST = "valid_from, recorded_at, id";

    private final Connection c;

    PostgresFacts(Connection c) {
        this.c = c;
    }

    @Override
    public void insert(Fact f) {
        // a reused id or a second open version fails here, as with the other stores
        PgSql.update(c, "INSERT INTO facts (id, profile_id, attribute, value, confidence, source, valid_from, valid_until,"
                        + " supersedes, recorded_at, recorded_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                f.id(), f.profileId(), f.attribute(), f.value(), f.confidence(), f.source().wireName(),
                Times.stored(f.validFrom()), Times.stored(f.validUntil()), f.supersedes(), Times.stored(f.recordedAt()),
                f.recordedBy());
    }

    private static Fact fact(ResultSet rs) throws SQLException {
        return new Fact(rs.getString("id"), rs.getString("profile_id"), rs.getString("attribute"), rs.getString("value"),
                rs.getDouble("confidence"), Source.fromWireName(rs.getString("source")).orElseThrow(),
                PgSql.instant(rs, "valid_from"), PgSql.instant(rs, "valid_until"), rs.getString("supersedes"),
                PgSql.instant(rs, "recorded_at"), rs.getString("recorded_by"));
    }

    @Override
    public void close(String profileId, String factId, Instant validUntil) {
        int changed = PgSql.update(c, "UPDATE facts SET valid_until = ? WHERE profile_id = ? AND id = ?"
                + " AND valid_until IS NULL", Times.stored(validUntil), profileId, factId);
        if (changed != 1) {
            throw new IllegalStateException("no open fact version " + factId);
        }
    }

    @Override
    public Optional<Fact> latest(String profileId, String attribute) {
        return PgSql.first(c, "SELECT * FROM facts f WHERE f.profile_id = ? AND f.attribute = ?"
                + " AND NOT EXISTS (SELECT 1 FROM facts n WHERE n.profile_id = f.profile_id AND n.supersedes = f.id)"
                + " LIMIT 1", PostgresFacts::fact, profileId, attribute);
    }

    @Override
    public List<Fact> validAt(String profileId, Instant asOf) {
        return PgSql.query(c, "SELECT * FROM facts WHERE profile_id = ? AND valid_from <= ?"
                + " AND (valid_until IS NULL OR valid_until > ?) ORDER BY attribute", PostgresFacts::fact,
                profileId, asOf, asOf);
    }

    @Override
    public List<Fact> history(String profileId, String attribute) {
        return PgSql.query(c, "SELECT * FROM facts WHERE profile_id = ? AND attribute = ? ORDER BY " + OLDEST_FIRST,
                PostgresFacts::fact, profileId, attribute);
    }

    @Override
    public List<Fact> allVersions(String profileId) {
        return PgSql.query(c, "SELECT * FROM facts WHERE profile_id = ? ORDER BY attribute, " + OLDEST_FIRST,
                PostgresFacts::fact, profileId);
    }

    @Override
    public long countByProfile(String profileId) {
        return PgSql.count(c, "SELECT COUNT(*) FROM facts WHERE profile_id = ?", profileId);
    }

    @Override
    public int deleteProfile(String profileId) {
        return PgSql.update(c, "DELETE FROM facts WHERE profile_id = ?", profileId);
    }
}
