package dev.pmmemory.adapters.sqlite;

import dev.pmmemory.adapters.jdbc.Sealing;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.adapters.jdbc.Codec;
import dev.pmmemory.adapters.jdbc.Sql;
import dev.pmmemory.adapters.jdbc.Statements;

import static dev.pmmemory.adapters.jdbc.Codec.getInstant;
import static dev.pmmemory.adapters.jdbc.Codec.setInstant;
import static dev.pmmemory.adapters.jdbc.Codec.setNullableString;

import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.out.AuditTrail;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** {@link AuditTrail} over one SQLite connection, inside the caller's transaction. */
final class SqliteAuditTrail implements AuditTrail {
    private static final String COLUMNS =
            "id, profile_id, memory_id, raw_message_id, kind, detail, at, actor, before_state, after_state, agent";
    private final Sql sql;
    private final FieldProtection protection;

    SqliteAuditTrail(Sql sql, FieldProtection protection) {
        this.sql = sql;
        this.protection = protection;
    }

    @Override
    public void record(AuditEvent event) {
        AuditEvent e = Sealing.sealed(protection, event);
        sql.run(s -> {
            try (Statements.Lease lease = s.prepare("INSERT INTO audit_events (id, profile_id,"
                    + " memory_id, raw_message_id, kind, detail, at, actor, before_state, after_state, agent)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                PreparedStatement ps = lease.statement();
                ps.setString(1, e.id());
                ps.setString(2, e.profileId());
                setNullableString(ps, 3, e.memoryId());
                setNullableString(ps, 4, e.rawMessageId());
                ps.setString(5, e.kind().wireName());
                ps.setString(6, e.detail());
                setInstant(ps, 7, e.at());
                ps.setString(8, e.actor());
                setNullableString(ps, 9, e.before());
                setNullableString(ps, 10, e.after());
                setNullableString(ps, 11, e.agent());
                ps.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public List<AuditEvent> forMemory(String profileId, String memoryId) {
        return sql.query("SELECT " + COLUMNS + " FROM audit_events"
                + " WHERE profile_id = ? AND memory_id = ? ORDER BY seq", this::read, profileId, memoryId);
    }

    @Override
    public long countByProfile(String profileId) {
        return sql.count("SELECT COUNT(*) FROM audit_events WHERE profile_id = ?", profileId);
    }

    @Override
    public List<AuditEvent> newestFirst(String profileId, String memoryId, String afterEventId, int limit) {
        StringBuilder text = new StringBuilder("SELECT " + COLUMNS + " FROM audit_events WHERE profile_id = ?");
        List<Object> args = new ArrayList<>(List.of(profileId));
        if (memoryId != null) {
            text.append(" AND memory_id = ?");
            args.add(memoryId);
        }
        if (afterEventId != null) {
            // an id the profile does not have: no seq, and "seq < NULL" holds for no row
            text.append(" AND seq < (SELECT seq FROM audit_events WHERE profile_id = ? AND id = ?)");
            args.add(profileId);
            args.add(afterEventId);
        }
        text.append(" ORDER BY seq DESC LIMIT ?");
        args.add(limit);
        return sql.query(text.toString(), this::read, args.toArray());
    }

    private AuditEvent read(ResultSet rs) throws SQLException {
        String actor = rs.getString("actor");
        return Sealing.opened(protection, new AuditEvent(rs.getString("id"), rs.getString("profile_id"), rs.getString("memory_id"),
                rs.getString("raw_message_id"), AuditKind.fromWireName(rs.getString("kind")),
                rs.getString("detail"), getInstant(rs, "at"), actor == null ? AuditEvent.SYSTEM : actor,
                rs.getString("before_state"), rs.getString("after_state"), rs.getString("agent")));
    }

    @Override
    public int scrubProfile(String profileId) {
        return sql.update("UPDATE audit_events SET detail = '', before_state = NULL, after_state = NULL"
                + " WHERE profile_id = ?", profileId);
    }

    @Override
    public boolean restoreContent(AuditEvent event) {
        AuditEvent e = Sealing.sealed(protection, event);
        return sql.update("UPDATE audit_events SET detail = ?, actor = ?, before_state = ?, after_state = ?,"
                + " agent = ? WHERE profile_id = ? AND id = ?", e.detail(), e.actor(), e.before(), e.after(), e.agent(),
                e.profileId(), e.id()) == 1;
    }

    @Override
    public void scrubMemory(String profileId, String memoryId) {
        sql.update("UPDATE audit_events SET detail = '', before_state = NULL, after_state = NULL"
                + " WHERE profile_id = ? AND memory_id = ?", profileId, memoryId);
    }
}
