package dev.pmmemory.adapters.postgres;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.postgresql.Driver;

/**
 * A small pool of PostgreSQL connections, in autocommit-off mode, opened on demand (none at
 * start: a database that is down then must not stop the process).
 *
 * <p>At most {@code size} connections exist; a caller waits for one at most the acquisition
 * timeout, then gets a {@link SQLTransientConnectionException} (a 503). A connection that failed
 * because the database went away is closed, and so is every idle one: they were opened to the
 * same server and would fail the next callers one by one; the next call opens a fresh one.
 * The most recently returned connection is handed out first, so a quiet period leaves the
 * others idle rather than all of them half-used.
 */
final class PgConnectionPool implements AutoCloseable {
    private final Driver driver = new Driver(); // no DriverManager: no service lookup, nothing global
    private final String url;
    private final Properties properties;
    private final Semaphore permits;
    private final long acquisitionMillis;
    private final Deque<Connection> idle = new ArrayDeque<>();
    private volatile boolean closed;

    PgConnectionPool(PostgresSettings settings) {
        this.url = settings.url();
        this.properties = settings.driverProperties();
        this.permits = new Semaphore(settings.maxConnections(), true);
        this.acquisitionMillis = settings.acquisitionTimeout().toMillis();
    }

    /** A connection for one transaction; give it back with {@link #release}. */
    Connection borrow() throws SQLException {
        try {
            if (!permits.tryAcquire(acquisitionMillis, TimeUnit.MILLISECONDS)) {
                throw new SQLTransientConnectionException("Acquisition timeout: no PostgreSQL connection free within "
                        + acquisitionMillis + " ms", "08001");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLTransientConnectionException("interrupted while waiting for a PostgreSQL connection", "08001", e);
        }
        try {
            if (closed) {
                throw new SQLTransientConnectionException("the PostgreSQL store is closed", "08003");
            }
            Connection pooled;
            while ((pooled = pollIdle()) != null) {
                if (!pooled.isClosed()) {
                    return pooled;
                }
            }
            Connection fresh = driver.connect(url, properties);
            if (fresh == null) {
                throw new SQLException("the PostgreSQL driver does not accept the URL " + url.replaceAll("\\?.*", ""));
            }
            fresh.setAutoCommit(false);
            return fresh;
        } catch (SQLException | RuntimeException | Error e) {
            permits.release();
            throw e;
        }
    }

    /**
     * Takes a connection back. {@code broken}: the database could not be reached through it, so it
     * and every idle connection are closed instead of being handed out again.
     */
    void release(Connection c, boolean broken) {
        try {
            if (broken || closed) {
                closeQuietly(c);
                if (broken) {
                    closeIdle();
                }
            } else {
                synchronized (idle) {
                    idle.push(c);
                }
            }
        } finally {
            permits.release();
        }
    }

    private Connection pollIdle() {
        synchronized (idle) {
            return idle.poll();
        }
    }

    private void closeIdle() {
        List<Connection> toClose;
        synchronized (idle) {
            toClose = List.copyOf(idle);
            idle.clear();
        }
        toClose.forEach(PgConnectionPool::closeQuietly);
    }

    /** Connections in use are closed as they come back. */
    @Override
    public void close() {
        closed = true;
        closeIdle();
    }

    private static void closeQuietly(Connection c) {
        try {
            c.close();
        } catch (SQLException ignored) {
            // a connection that cannot even be closed is gone already
        }
    }
}
