package dev.pmmemory.adapters.postgres;

import dev.pmmemory.adapters.jdbc.Sealing;
import dev.pmmemory.adapters.jdbc.Sql;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.adapters.postgres.rows.FactRow;
import dev.pmmemory.application.port.out.Facts;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Source;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/**
 * {@link Facts} over PostgreSQL (migration V8), as mapped rows of the caller's transaction. The partial
 * unique index {@code facts_open} keeps at most one open version per attribute; each write is flushed at
 * once, so a refused one fails at the call that made it, as with the other stores.
 */
final class PostgresFacts implements Facts {
    private static final String OLDEST_FIRST = "validFrom, recordedAt, id";
    private final Sql sql;
    private final FieldProtection protection;

    /** @param sql the current transaction's connection, the one the mapped rows use too */
    PostgresFacts(Sql sql, FieldProtection protection) {
        this.sql = sql;
        this.protection = protection;
    }

    @Override
    public void insert(Fact f) {
        FactRow.of(Sealing.sealed(protection, f)).persistAndFlush();
    }

    @Override
    public void close(String profileId, String factId, Instant validUntil) {
        int changed = FactRow.update("validUntil = ?1 where profileId = ?2 and id = ?3 and validUntil is null",
                validUntil.truncatedTo(java.time.temporal.ChronoUnit.MILLIS), profileId, factId);
        if (changed != 1) {
            throw new IllegalStateException("no open fact version " + factId);
        }
    }

    @Override
    public Optional<Fact> latest(String profileId, String attribute) {
        return FactRow.<FactRow>find("from FactRow f where f.profileId = ?1 and f.attribute = ?2 and not exists"
                        + " (select 1 from FactRow n where n.profileId = f.profileId and n.supersedes = f.id)", profileId, attribute)
                .firstResultOptional().map(r -> Sealing.opened(protection, r.fact()));
    }

    @Override
    /**
     * A hot statement, so native SQL: every context call reads the profile's facts, and as a mapped query it was a
     * fifth of a context call's CPU on this store (query plan, session and entity copies for rows most profiles do
     * not have). Every write of a fact is flushed at once, so this read sees the transaction's own writes.
     */
    public List<Fact> validAt(String profileId, Instant asOf) {
        OffsetDateTime at = OffsetDateTime.ofInstant(asOf, ZoneOffset.UTC);
        return sql.query("SELECT id, profile_id, attribute, value, confidence, source, valid_from, valid_until,"
                + " supersedes, recorded_at, recorded_by FROM facts WHERE profile_id = ? AND valid_from <= ?"
                + " AND (valid_until IS NULL OR valid_until > ?) ORDER BY attribute", this::read, profileId, at, at);
    }

    private Fact read(ResultSet rs) throws SQLException {
        return Sealing.opened(protection, new Fact(rs.getString("id"), rs.getString("profile_id"),
                rs.getString("attribute"), rs.getString("value"), rs.getDouble("confidence"),
                Source.fromWireName(rs.getString("source")).orElseThrow(), instant(rs, "valid_from"),
                instant(rs, "valid_until"), rs.getString("supersedes"), instant(rs, "recorded_at"),
                rs.getString("recorded_by")));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }

    @Override
    public List<Fact> history(String profileId, String attribute) {
        return facts(FactRow.list("profileId = ?1 and attribute = ?2 order by " + OLDEST_FIRST, profileId, attribute));
    }

    @Override
    public List<Fact> allVersions(String profileId) {
        return facts(FactRow.list("profileId = ?1 order by attribute, " + OLDEST_FIRST, profileId));
    }

    @Override
    public long countByProfile(String profileId) {
        return FactRow.count("profileId", profileId);
    }

    @Override
    public int deleteProfile(String profileId) {
        return (int) FactRow.delete("profileId", profileId);
    }

    private List<Fact> facts(List<FactRow> rows) {
        return rows.stream().map(r -> Sealing.opened(protection, r.fact())).toList();
    }
}
