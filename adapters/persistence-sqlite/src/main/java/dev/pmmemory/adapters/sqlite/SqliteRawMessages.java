package dev.pmmemory.adapters.sqlite;

import static dev.pmmemory.adapters.sqlite.SqliteCodec.getInstant;
import static dev.pmmemory.adapters.sqlite.SqliteCodec.join;
import static dev.pmmemory.adapters.sqlite.SqliteCodec.placeholders;
import static dev.pmmemory.adapters.sqlite.SqliteCodec.setInstant;
import static dev.pmmemory.adapters.sqlite.SqliteCodec.setNullableString;
import static dev.pmmemory.adapters.sqlite.SqliteCodec.split;

import dev.pmmemory.application.port.in.FeedbackOutcome;
import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.port.out.RawMessages;
import dev.pmmemory.domain.memory.Source;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** {@link RawMessages} over one SQLite connection, inside the caller's transaction. */
final class SqliteRawMessages implements RawMessages {
    private static final String COLUMNS = "id, profile_id, message_id, session_id, source, content, created_at,"
            + " received_at, outcome, memory_id, superseded_ids, redactions";

    private final Statements c;

    SqliteRawMessages(Statements c) {
        this.c = c;
    }

    @Override
    public void append(RawMessage m) {
        Jdbc.run(() -> {
            try (Statements.Lease lease = c.prepare("INSERT INTO raw_messages (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                PreparedStatement ps = lease.statement();
                ps.setString(1, m.id());
                ps.setString(2, m.profileId());
                setNullableString(ps, 3, m.messageId());
                setNullableString(ps, 4, m.sessionId());
                ps.setString(5, m.source().wireName());
                ps.setString(6, m.content());
                setInstant(ps, 7, m.createdAt());
                setInstant(ps, 8, m.receivedAt());
                ps.setString(9, m.outcome().wireName());
                setNullableString(ps, 10, m.memoryId());
                ps.setString(11, join(m.supersededIds()));
                ps.setString(12, join(m.redactions()));
                ps.executeUpdate();
            }
        });
    }

    @Override
    public Optional<RawMessage> findByMessageId(String profileId, String messageId) {
        List<RawMessage> found = Jdbc.query(c, "SELECT " + COLUMNS
                + " FROM raw_messages WHERE profile_id = ? AND message_id = ?", SqliteRawMessages::read,
                profileId, messageId);
        return found.stream().findFirst();
    }

    @Override
    public List<RawMessage> findByIds(String profileId, Collection<String> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        List<String> order = new ArrayList<>(ids);
        List<Object> args = new ArrayList<>(List.of(profileId));
        args.addAll(order);
        List<RawMessage> found = Jdbc.query(c, "SELECT " + COLUMNS + " FROM raw_messages WHERE profile_id = ?"
                + " AND id IN (" + placeholders(order.size()) + ")", SqliteRawMessages::read, args.toArray());
        return found.stream().sorted(Comparator.comparingInt(m -> order.indexOf(m.id()))).toList();
    }

    @Override
    public int deleteProfile(String profileId) {
        return Jdbc.update(c, "DELETE FROM raw_messages WHERE profile_id = ?", profileId);
    }

    @Override
    public long countByProfile(String profileId) {
        return Jdbc.count(c, "SELECT COUNT(*) FROM raw_messages WHERE profile_id = ?", profileId);
    }

    @Override
    public List<RawMessage> newestFirst(String profileId, FeedbackOutcome outcome, PagePosition after, int limit) {
        StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + " FROM raw_messages WHERE profile_id = ?");
        List<Object> args = new ArrayList<>(List.of(profileId));
        if (outcome != null) {
            sql.append(" AND outcome = ?");
            args.add(outcome.wireName());
        }
        if (after != null) {
            long t = after.createdAt().toEpochMilli();
            sql.append(" AND (received_at < ? OR (received_at = ? AND id < ?))");
            args.addAll(List.of(t, t, after.id()));
        }
        sql.append(" ORDER BY received_at DESC, id DESC LIMIT ?");
        args.add(limit);
        return Jdbc.query(c, sql.toString(), SqliteRawMessages::read, args.toArray());
    }

    private static RawMessage read(ResultSet rs) throws SQLException {
        return new RawMessage(
                rs.getString("id"),
                rs.getString("profile_id"),
                rs.getString("message_id"),
                rs.getString("session_id"),
                Source.fromWireName(rs.getString("source")).orElseThrow(),
                rs.getString("content"),
                getInstant(rs, "created_at"),
                getInstant(rs, "received_at"),
                FeedbackOutcome.fromWireName(rs.getString("outcome")),
                rs.getString("memory_id"),
                split(rs.getString("superseded_ids")),
                split(rs.getString("redactions")));
    }

    @Override
    public List<String> findProfilesWithUnclassifiedBefore(Instant cutoff) {
        return Jdbc.query(c, "SELECT DISTINCT profile_id FROM raw_messages WHERE memory_id IS NULL AND received_at <= ?"
                + " ORDER BY profile_id", rs -> rs.getString(1), cutoff.toEpochMilli());
    }

    @Override
    public int deleteUnclassifiedBefore(String profileId, Instant cutoff, int limit) {
        return Jdbc.update(c, "DELETE FROM raw_messages WHERE id IN (SELECT id FROM raw_messages WHERE profile_id = ?"
                + " AND memory_id IS NULL AND received_at <= ? LIMIT ?)", profileId, cutoff.toEpochMilli(), limit);
    }

    @Override
    public void moveToMemory(String profileId, String rawId, String memoryId) {
        Jdbc.update(c, "UPDATE raw_messages SET memory_id = ? WHERE profile_id = ? AND id = ?", memoryId, profileId,
                rawId);
    }

    @Override
    public int deleteForMemory(String profileId, String memoryId) {
        return Jdbc.update(c, "DELETE FROM raw_messages WHERE profile_id = ? AND memory_id = ?", profileId, memoryId);
    }
}
