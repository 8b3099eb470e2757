package dev.pmmemory.adapters.sqlite;

import dev.pmmemory.adapters.jdbc.Sealing;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.adapters.jdbc.Codec;
import dev.pmmemory.adapters.jdbc.Sql;
import dev.pmmemory.adapters.jdbc.Statements;

import static dev.pmmemory.adapters.jdbc.Codec.getInstant;
import static dev.pmmemory.adapters.jdbc.Codec.setInstant;
import static dev.pmmemory.adapters.jdbc.Codec.setNullableString;

import dev.pmmemory.application.port.out.Facts;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Source;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * {@link Facts} over one SQLite connection, inside the caller's transaction (migration 9). The
 * partial unique index {@code facts_open} keeps at most one open version per attribute.
 */
final class SqliteFacts implements Facts {
    private static final String COLUMNS = "id, profile_id, attribute, value, confidence, source, valid_from,"
            + " valid_until, supersedes, recorded_at, recorded_by";
    private static final String OLDEST_FIRST = " ORDER BY valid_from, recorded_at, id";

    private final Sql sql;
    private final FieldProtection protection;

    SqliteFacts(Sql sql, FieldProtection protection) {
        this.sql = sql;
        this.protection = protection;
    }

    @Override
    public void insert(Fact fact) {
        Fact f = Sealing.sealed(protection, fact);
        sql.run(s -> {
            try (Statements.Lease lease = s.prepare("INSERT INTO facts (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                PreparedStatement ps = lease.statement();
                ps.setString(1, f.id());
                ps.setString(2, f.profileId());
                ps.setString(3, f.attribute());
                ps.setString(4, f.value());
                ps.setDouble(5, f.confidence());
                ps.setString(6, f.source().wireName());
                setInstant(ps, 7, f.validFrom());
                setInstant(ps, 8, f.validUntil());
                setNullableString(ps, 9, f.supersedes());
                setInstant(ps, 10, f.recordedAt());
                ps.setString(11, f.recordedBy());
                ps.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public void close(String profileId, String factId, Instant validUntil) {
        int changed = sql.update("UPDATE facts SET valid_until = ? WHERE profile_id = ? AND id = ?"
                + " AND valid_until IS NULL", validUntil.toEpochMilli(), profileId, factId);
        if (changed != 1) {
            throw new IllegalStateException("no open fact version " + factId);
        }
    }

    @Override
    public Optional<Fact> latest(String profileId, String attribute) {
        return sql.query("SELECT " + COLUMNS + " FROM facts f WHERE profile_id = ? AND attribute = ?"
                        + " AND NOT EXISTS (SELECT 1 FROM facts n WHERE n.profile_id = f.profile_id"
                        + " AND n.supersedes = f.id) LIMIT 1",
                this::read, profileId, attribute).stream().findFirst();
    }

    @Override
    public List<Fact> validAt(String profileId, Instant asOf) {
        long t = asOf.toEpochMilli();
        return sql.query("SELECT " + COLUMNS + " FROM facts WHERE profile_id = ? AND valid_from <= ?"
                        + " AND (valid_until IS NULL OR valid_until > ?) ORDER BY attribute",
                this::read, profileId, t, t);
    }

    @Override
    public List<Fact> history(String profileId, String attribute) {
        return sql.query("SELECT " + COLUMNS + " FROM facts WHERE profile_id = ? AND attribute = ?" + OLDEST_FIRST,
                this::read, profileId, attribute);
    }

    @Override
    public List<Fact> allVersions(String profileId) {
        return sql.query("SELECT " + COLUMNS + " FROM facts WHERE profile_id = ?"
                + " ORDER BY attribute, valid_from, recorded_at, id", this::read, profileId);
    }

    @Override
    public long countByProfile(String profileId) {
        return sql.count("SELECT COUNT(*) FROM facts WHERE profile_id = ?", profileId);
    }

    @Override
    public int deleteProfile(String profileId) {
        return sql.update("DELETE FROM facts WHERE profile_id = ?", profileId);
    }

    private Fact read(ResultSet rs) throws SQLException {
        return Sealing.opened(protection, new Fact(
                rs.getString("id"),
                rs.getString("profile_id"),
                rs.getString("attribute"),
                rs.getString("value"),
                rs.getDouble("confidence"),
                Source.fromWireName(rs.getString("source")).orElseThrow(),
                getInstant(rs, "valid_from"),
                getInstant(rs, "valid_until"),
                rs.getString("supersedes"),
                getInstant(rs, "recorded_at"),
                rs.getString("recorded_by")));
    }
}
