package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.in.FeedbackOutcome;
import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.port.out.RawMessages;
import dev.pmmemory.domain.memory.Source;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@link RawMessages} over PostgreSQL (migration V1), on the connection of the caller's
 * transaction. Rows are written once, never updated: the audit log of what was received.
 */
final class PostgresRawMessages implements RawMessages {
    private final Connection c;

    PostgresRawMessages(Connection c) {
        this.c = c;
    }

    @Override
    public void append(RawMessage m) {
        // a second use of a message id fails here, at the call that made it
        PgSql.update(c, "INSERT INTO raw_messages (id, profile_id, message_id, session_id, source, content, created_at,"
                        + " received_at, outcome, memory_id, superseded_ids, redactions)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                m.id(), m.profileId(), m.messageId(), m.sessionId(), m.source().wireName(), m.content(),
                Times.stored(m.createdAt()), Times.stored(m.receivedAt()), m.outcome().wireName(), m.memoryId(),
                m.supersededIds().toArray(String[]::new), m.redactions().toArray(String[]::new));
    }

    private static RawMessage rawMessage(ResultSet rs) throws SQLException {
        return new RawMessage(rs.getString("id"), rs.getString("profile_id"), rs.getString("message_id"),
                rs.getString("session_id"), Source.fromWireName(rs.getString("source")).orElseThrow(),
                rs.getString("content"), PgSql.instant(rs, "created_at"), PgSql.instant(rs, "received_at"),
                FeedbackOutcome.fromWireName(rs.getString("outcome")), rs.getString("memory_id"),
                PgSql.texts(rs, "superseded_ids"), PgSql.texts(rs, "redactions"));
    }

    @Override
    public java.util.Optional<RawMessage> findByMessageId(String profileId, String messageId) {
        if (messageId == null) {
            return java.util.Optional.empty();
        }
        return PgSql.first(c, "SELECT * FROM raw_messages WHERE profile_id = ? AND message_id = ? LIMIT 1",
                PostgresRawMessages::rawMessage, profileId, messageId);
    }

    @Override
    public List<RawMessage> findByIds(String profileId, Collection<String> ids) {
        if (ids.isEmpty()) {
            return List.of();
        }
        String[] wanted = PgSql.distinct(ids);
        Map<String, RawMessage> found = PgSql.query(c, "SELECT * FROM raw_messages WHERE profile_id = ?"
                        + " AND id = ANY(CAST(? AS text[]))", PostgresRawMessages::rawMessage, profileId, wanted)
                .stream().collect(Collectors.toMap(RawMessage::id, Function.identity()));
        // in the order asked for
        return java.util.Arrays.stream(wanted).map(found::get).filter(Objects::nonNull).toList();
    }

    @Override
    public int deleteProfile(String profileId) {
        return PgSql.update(c, "DELETE FROM raw_messages WHERE profile_id = ?", profileId);
    }

    @Override
    public long countByProfile(String profileId) {
        return PgSql.count(c, "SELECT COUNT(*) FROM raw_messages WHERE profile_id = ?", profileId);
    }

    @Override
    public List<String> findProfilesWithUnclassifiedBefore(Instant cutoff) {
        return PgSql.strings(c, "SELECT DISTINCT profile_id FROM raw_messages"
                + " WHERE memory_id IS NULL AND received_at <= ? ORDER BY profile_id", cutoff);
    }

    @Override
    public int deleteUnclassifiedBefore(String profileId, Instant cutoff, int limit) {
        return PgSql.update(c, "DELETE FROM raw_messages WHERE id IN (SELECT id FROM raw_messages"
                + " WHERE profile_id = ? AND memory_id IS NULL AND received_at <= ? LIMIT ?)", profileId, cutoff, limit);
    }

    @Override
    public void moveToMemory(String profileId, String rawId, String memoryId) {
        PgSql.update(c, "UPDATE raw_messages SET memory_id = ? WHERE profile_id = ? AND id = ?",
                memoryId, profileId, rawId);
    }

    @Override
    public int deleteForMemory(String profileId, String memoryId) {
        return PgSql.update(c, "DELETE FROM raw_messages WHERE profile_id = ? AND memory_id = ?", profileId, memoryId);
    }

    @Override
    public List<RawMessage> newestFirst(String profileId, FeedbackOutcome outcome, PagePosition after, int limit) {
        StringBuilder sql = new StringBuilder("SELECT * FROM raw_messages WHERE profile_id = ?");
        List<Object> args = new ArrayList<>();
        args.add(profileId);
        if (outcome != null) {
            sql.append(" AND outcome = ?");
            args.add(outcome.wireName());
        }
        if (after != null) {
            sql.append(" AND (received_at < ? OR (received_at = ? AND id < ?))");
            args.add(after.createdAt());
            args.add(after.createdAt());
            args.add(after.id());
        }
        sql.append(" ORDER BY received_at DESC, id DESC LIMIT ?");
        args.add(limit);
        return PgSql.query(c, sql.toString(), PostgresRawMessages::rawMessage, args.toArray());
    }
}
