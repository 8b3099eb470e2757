package dev.pmmemory.adapters.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The prepared statements of one connection, kept open and reused. SQLite compiles the SQL on every
 * prepare, and an add runs a dozen statements: compiling them once per connection instead of once per
 * use takes that work out of the writer's critical section.
 *
 * <p>Used by one thread at a time, like its connection. The least recently used statements are closed
 * beyond {@link #MAX_OPEN}: SQL built with a varying number of placeholders would otherwise pile up.
 */
public final class KeptStatements implements Statements, AutoCloseable {
    static final int MAX_OPEN = 96;
    private final Connection connection;
    private final Map<String, PreparedStatement> open = new LinkedHashMap<>(MAX_OPEN * 2, 0.75f, true);

    public KeptStatements(Connection connection) {
        this.connection = connection;
    }

    @Override
    public Connection connection() {
        return connection;
    }

    /** The statement for {@code sql}, parameters cleared; closing the lease keeps it open for the next use. */
    @Override
    public Lease prepare(String sql) throws SQLException {
        PreparedStatement ps = open.get(sql);
        if (ps == null) {
            ps = connection.prepareStatement(sql);
            open.put(sql, ps);
            closeLeastRecentlyUsed();
        }
        PreparedStatement leased = ps;
        return new Lease() {
            @Override
            public PreparedStatement statement() {
                return leased;
            }

            @Override
            public void close() throws SQLException {
                leased.clearBatch();
                leased.clearParameters();
            }
        };
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
}
