package dev.pmmemory.adapters.sqlite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The prepared statements of one connection, kept open and reused. SQLite compiles the SQL on
 * every prepare, and an add runs a dozen statements: compiling them once per connection instead of
 * once per use takes that work out of the writer's critical section.
 *
 * <p>Used by one thread at a time, like its connection (the writer under the write lock, a reader
 * while borrowed). The least recently used statements are closed beyond {@link #MAX_OPEN}: SQL
 * built with a varying number of placeholders would otherwise pile up.
 */
final class Statements implements AutoCloseable {
    static final int MAX_OPEN = 96;
    private final Connection connection;
    private final Map<String, PreparedStatement> open = new LinkedHashMap<>(MAX_OPEN * 2, 0.75f, true);

    Statements(Connection connection) {
        this.connection = connection;
    }

    Connection connection() {
        return connection;
    }

    /** The statement for {@code sql}, parameters cleared; closing the lease keeps it open for the next use. */
    Lease prepare(String sql) throws SQLException {
        PreparedStatement ps = open.get(sql);
        if (ps == null) {
            ps = connection.prepareStatement(sql);
            open.put(sql, ps);
            closeLeastRecentlyUsed();
        }
        return new Lease(ps);
    }

    private void closeLeastRecentlyUsed() throws SQLException {
        Iterator<PreparedStatement> oldestFirst = open.values().iterator();
        while (open.size() > MAX_OPEN) {
            PreparedStatement oldest = oldestFirst.next();
            oldestFirst.remove();
            oldest.close();
        }
    }

    /** Closes every statement, then the connection. */
    @Override
    public void close() throws SQLException {
        try {
            for (PreparedStatement ps : open.values()) {
                ps.close();
            }
            open.clear();
        } finally {
            connection.close();
        }
    }

    /** One use of a kept statement: closing it clears what this use bound, not the statement. */
    static final class Lease implements AutoCloseable {
        private final PreparedStatement statement;

        private Lease(PreparedStatement statement) {
            this.statement = statement;
        }

        PreparedStatement statement() {
            return statement;
        }

        @Override
        public void close() throws SQLException {
            statement.clearBatch();
            statement.clearParameters();
        }
    }
}
