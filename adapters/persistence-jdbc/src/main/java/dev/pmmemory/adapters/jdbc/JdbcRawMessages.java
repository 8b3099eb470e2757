package dev.pmmemory.adapters.jdbc;

import dev.pmmemory.application.port.out.AssociatedData;
import dev.pmmemory.application.port.out.FieldProtection;
import static dev.pmmemory.adapters.jdbc.Codec.getInstant;
import static dev.pmmemory.adapters.jdbc.Codec.join;
import static dev.pmmemory.adapters.jdbc.Codec.placeholders;
import static dev.pmmemory.adapters.jdbc.Codec.split;

import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.port.out.RawMessages;
import dev.pmmemory.domain.memory.Source;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.List;
import java.util.Optional;

/** {@link RawMessages} over either store, inside the caller's transaction: every message received, as received. */
public final class JdbcRawMessages implements RawMessages {
    private static final String COLUMNS = "id, profile_id, message_id, session_id, source, content, created_at,"
            + " received_at, outcome, memory_id, superseded_ids, redactions";

    /** Ids per statement: well under SQLite's limit of bound parameters. */
    private static final int ID_CHUNK = 500;

    private final Sql sql;
    private final FieldProtection protection;

    public JdbcRawMessages(Sql sql) {
        this(sql, FieldProtection.none());
    }

    /** @param protection seals each message's text, bound to its row */
    public JdbcRawMessages(Sql sql, FieldProtection protection) {
        this.sql = sql;
        this.protection = protection;
    }

    private static AssociatedData contentOf(String id, String profileId) {
        return new AssociatedData("raw_messages", "content", id, profileId);
    }

    @Override
    public void append(RawMessage m) {
        sql.update("INSERT INTO raw_messages (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", m.id(),
                m.profileId(), m.messageId(), m.sessionId(), m.source().wireName(),
                protection.seal(m.content(), contentOf(m.id(), m.profileId())), m.createdAt(),
                m.receivedAt(), m.outcome().wireName(), m.memoryId(), join(m.supersededIds()), join(m.redactions()));
    }

    @Override
    public Optional<RawMessage> findByMessageId(String profileId, String messageId) {
        List<RawMessage> found = sql.query("SELECT " + COLUMNS
                + " FROM raw_messages WHERE profile_id = ? AND message_id = ?", this::read,
                profileId, messageId);
        return found.stream().findFirst();
    }

    @Override
    public List<RawMessage> findByIds(String profileId, Collection<String> ids) {
        List<String> order = List.copyOf(new LinkedHashSet<>(ids));
        Map<String, RawMessage> found = new HashMap<>();
        for (int from = 0; from < order.size(); from += ID_CHUNK) {
            List<String> chunk = order.subList(from, Math.min(order.size(), from + ID_CHUNK));
            // by primary key alone, the profile checked here: with the profile in the WHERE clause, a planner
            // without statistics walks the profile's index (every message it ever sent) instead
            sql.query("SELECT " + COLUMNS + " FROM raw_messages WHERE id IN (" + placeholders(chunk.size()) + ")",
                    this::read, chunk.toArray()).stream()
                    .filter(m -> m.profileId().equals(profileId)).forEach(m -> found.put(m.id(), m));
        }
        return order.stream().map(found::get).filter(java.util.Objects::nonNull).toList();
    }

    @Override
    public Map<String, Instant> createdAtOf(String profileId, Collection<String> ids) {
        List<String> distinct = List.copyOf(new LinkedHashSet<>(ids));
        Map<String, Instant> created = new HashMap<>();
        // by primary key alone, the profile checked here (as findByIds)
        Sql.RowMapper<Map.Entry<String, Instant>> row = rs -> rs.getString("profile_id").equals(profileId)
                ? Map.entry(rs.getString("id"), getInstant(rs, "created_at")) : null;
        List<Map.Entry<String, Instant>> found = new ArrayList<>();
        if (distinct.isEmpty()) {
            return created;
        } else if (sql.dialect().bindsListsAsArrays()) {
            found.addAll(sql.query("SELECT id, profile_id, created_at FROM raw_messages WHERE id = ANY("
                    + sql.dialect().arrayParameter(Dialect.SqlType.TEXT) + ")", row,
                    (Object) distinct.toArray(String[]::new)));
        } else {
            for (int from = 0; from < distinct.size(); from += ID_CHUNK) {
                List<String> chunk = distinct.subList(from, Math.min(distinct.size(), from + ID_CHUNK));
                found.addAll(sql.query("SELECT id, profile_id, created_at FROM raw_messages WHERE id IN ("
                        + placeholders(chunk.size()) + ")", row, chunk.toArray()));
            }
        }
        found.stream().filter(java.util.Objects::nonNull).forEach(e -> created.put(e.getKey(), e.getValue()));
        return created;
    }

    @Override
    public int deleteProfile(String profileId) {
        return sql.update("DELETE FROM raw_messages WHERE profile_id = ?", profileId);
    }

    @Override
    public long countByProfile(String profileId) {
        return sql.count("SELECT COUNT(*) FROM raw_messages WHERE profile_id = ?", profileId);
    }

    @Override
    public List<RawMessage> newestFirst(String profileId, FeedbackOutcome outcome, PagePosition after, int limit) {
        StringBuilder text = new StringBuilder("SELECT " + COLUMNS + " FROM raw_messages WHERE profile_id = ?");
        List<Object> args = new ArrayList<>(List.of(profileId));
        if (outcome != null) {
            text.append(" AND outcome = ?");
            args.add(outcome.wireName());
        }
        if (after != null) {
            long t = after.createdAt().toEpochMilli();
            text.append(" AND (received_at < ? OR (received_at = ? AND id < ?))");
            args.addAll(List.of(t, t, after.id()));
        }
        text.append(" ORDER BY received_at DESC, id DESC LIMIT ?");
        args.add(limit);
        return sql.query(text.toString(), this::read, args.toArray());
    }

    private RawMessage read(ResultSet rs) throws SQLException {
        String id = rs.getString("id");
        String profileId = rs.getString("profile_id");
        return new RawMessage(
                id,
                profileId,
                rs.getString("message_id"),
                rs.getString("session_id"),
                Source.fromWireName(rs.getString("source")).orElseThrow(),
                protection.open(rs.getString("content"), contentOf(id, profileId)),
                getInstant(rs, "created_at"),
                getInstant(rs, "received_at"),
                FeedbackOutcome.fromWireName(rs.getString("outcome")),
                rs.getString("memory_id"),
                split(rs.getString("superseded_ids")),
                split(rs.getString("redactions")));
    }

    @Override
    public List<String> findProfilesWithUnclassifiedBefore(Instant cutoff) {
        return sql.query("SELECT DISTINCT profile_id FROM raw_messages WHERE memory_id IS NULL AND received_at <= ?"
                + " ORDER BY profile_id", rs -> rs.getString(1), cutoff.toEpochMilli());
    }

    @Override
    public int deleteUnclassifiedBefore(String profileId, Instant cutoff, int limit) {
        return sql.update("DELETE FROM raw_messages WHERE id IN (SELECT id FROM raw_messages WHERE profile_id = ?"
                + " AND memory_id IS NULL AND received_at <= ? LIMIT ?)", profileId, cutoff.toEpochMilli(), limit);
    }

    @Override
    public void moveToMemory(String profileId, String rawId, String memoryId) {
        sql.update("UPDATE raw_messages SET memory_id = ? WHERE profile_id = ? AND id = ?", memoryId, profileId,
                rawId);
    }

    @Override
    public int deleteForMemory(String profileId, String memoryId) {
        return sql.update("DELETE FROM raw_messages WHERE profile_id = ? AND memory_id = ?", profileId, memoryId);
    }

    @Override
    public boolean delete(String profileId, String id) {
        return sql.update("DELETE FROM raw_messages WHERE profile_id = ? AND id = ?", profileId, id) == 1;
    }
}
