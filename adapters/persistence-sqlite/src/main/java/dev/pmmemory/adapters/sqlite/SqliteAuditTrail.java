package dev.pmmemory.adapters.sqlite;

import static dev.pmmemory.adapters.sqlite.SqliteCodec.getInstant;
import static dev.pmmemory.adapters.sqlite.SqliteCodec.setInstant;
import static dev.pmmemory.adapters.sqlite.SqliteCodec.setNullableString;

import dev.pmmemory.application.port.out.AuditEvent;
import dev.pmmemory.application.port.out.AuditKind;
import dev.pmmemory.application.port.out.AuditTrail;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/** {@link AuditTrail} over one SQLite connection, inside the caller's transaction. */
final class SqliteAuditTrail implements AuditTrail {
    private final Connection c;

    SqliteAuditTrail(Connection c) {
        this.c = c;
    }

    @Override
    public void record(AuditEvent e) {
        Jdbc.run(() -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO audit_events"
                    + " (id, profile_id, memory_id, raw_message_id, kind, detail, at) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                ps.setString(1, e.id());
                ps.setString(2, e.profileId());
                setNullableString(ps, 3, e.memoryId());
                setNullableString(ps, 4, e.rawMessageId());
                ps.setString(5, e.kind().wireName());
                ps.setString(6, e.detail());
                setInstant(ps, 7, e.at());
                ps.executeUpdate();
            }
        });
    }

    @Override
    public List<AuditEvent> forMemory(String profileId, String memoryId) {
        return Jdbc.query(c, "SELECT id, profile_id, memory_id, raw_message_id, kind, detail, at FROM audit_events"
                + " WHERE profile_id = ? AND memory_id = ? ORDER BY seq", SqliteAuditTrail::read, profileId, memoryId);
    }

    @Override
    public long countByProfile(String profileId) {
        return Jdbc.count(c, "SELECT COUNT(*) FROM audit_events WHERE profile_id = ?", profileId);
    }

    private static AuditEvent read(ResultSet rs) throws SQLException {
        return new AuditEvent(rs.getString("id"), rs.getString("profile_id"), rs.getString("memory_id"),
                rs.getString("raw_message_id"), AuditKind.fromWireName(rs.getString("kind")),
                rs.getString("detail"), getInstant(rs, "at"));
    }

    @Override
    public void scrubMemory(String profileId, String memoryId) {
        Jdbc.update(c, "UPDATE audit_events SET detail = '' WHERE profile_id = ? AND memory_id = ?", profileId, memoryId);
    }
}
