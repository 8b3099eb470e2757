package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.in.AuditKind;
import dev.pmmemory.application.port.out.AuditTrail;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link AuditTrail} over PostgreSQL (migration V1), append-only, on the connection of the
 * caller's transaction. The database numbers rows as they are inserted ({@code seq}, an identity
 * column): that is the order events are read back in, whatever their ids and times say.
 */
final class PostgresAuditTrail implements AuditTrail {
    private final Connection c;

    PostgresAuditTrail(Connection c) {
        this.c = c;
    }

    @Override
    public void record(AuditEvent e) {
        PgSql.update(c, "INSERT INTO audit_events (id, profile_id, memory_id, raw_message_id, kind, detail, at, actor,"
                        + " before_state, after_state, agent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                e.id(), e.profileId(), e.memoryId(), e.rawMessageId(), e.kind().wireName(), e.detail(),
                Times.stored(e.at()), e.actor(), e.before(), e.after(), e.agent());
    }

    /** actor is null on rows written before migration V6: read as {@link AuditEvent#SYSTEM}. */
    private static AuditEvent event(ResultSet rs) throws SQLException {
        String actor = rs.getString("actor");
        return new AuditEvent(rs.getString("id"), rs.getString("profile_id"), rs.getString("memory_id"),
                rs.getString("raw_message_id"), AuditKind.fromWireName(rs.getString("kind")), rs.getString("detail"),
                PgSql.instant(rs, "at"), actor == null ? AuditEvent.SYSTEM : actor, rs.getString("before_state"),
                rs.getString("after_state"), rs.getString("agent"));
    }

    @Override
    public List<AuditEvent> forMemory(String profileId, String memoryId) {
        return PgSql.query(c, "SELECT * FROM audit_events WHERE profile_id = ? AND memory_id = ? ORDER BY seq",
                PostgresAuditTrail::event, profileId, memoryId);
    }

    @Override
    public long countByProfile(String profileId) {
        return PgSql.count(c, "SELECT COUNT(*) FROM audit_events WHERE profile_id = ?", profileId);
    }

    @Override
    public void scrubMemory(String profileId, String memoryId) {
        PgSql.update(c, "UPDATE audit_events SET detail = '', before_state = NULL, after_state = NULL"
                + " WHERE profile_id = ? AND memory_id = ?", profileId, memoryId);
    }

    @Override
    public int scrubProfile(String profileId) {
        return PgSql.update(c, "UPDATE audit_events SET detail = '', before_state = NULL, after_state = NULL"
                + " WHERE profile_id = ?", profileId);
    }

    @Override
    public void restore(AuditEvent e) {
        int restored = PgSql.update(c, "UPDATE audit_events SET detail = ?, actor = ?,"
                        + " before_state = CAST(? AS text), after_state = CAST(? AS text), agent = CAST(? AS text)"
                        + " WHERE profile_id = ? AND id = ?",
                e.detail(), e.actor(), e.before(), e.after(), e.agent(), e.profileId(), e.id());
        if (restored == 0) {
            record(e);
        }
    }

    @Override
    public List<AuditEvent> newestFirst(String profileId, String memoryId, String afterEventId, int limit) {
        StringBuilder sql = new StringBuilder("SELECT * FROM audit_events WHERE profile_id = ?");
        List<Object> args = new ArrayList<>();
        args.add(profileId);
        if (memoryId != null) {
            sql.append(" AND memory_id = ?");
            args.add(memoryId);
        }
        if (afterEventId != null) {
            // an id the profile does not have: the subquery is empty and no row is older
            sql.append(" AND seq < (SELECT a.seq FROM audit_events a WHERE a.profile_id = ? AND a.id = ?)");
            args.add(profileId);
            args.add(afterEventId);
        }
        sql.append(" ORDER BY seq DESC LIMIT ?");
        args.add(limit);
        return PgSql.query(c, sql.toString(), PostgresAuditTrail::event, args.toArray());
    }
}
