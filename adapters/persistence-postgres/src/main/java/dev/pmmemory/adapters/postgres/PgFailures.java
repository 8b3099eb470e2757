package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.StoreUnavailableException;
import java.io.EOFException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.SQLNonTransientConnectionException;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Tells a database that cannot be reached (or cannot serve right now) from a bug, wherever in a
 * cause chain the driver or the pool put it. The first becomes
 * {@link StoreUnavailableException}, which the REST adapter answers with 503 and the caller may
 * retry; the second stays what it was (a 500, logged).
 */
final class PgFailures {
    /**
     * SQLSTATEs meaning "not now": class 08 (connection exception) is matched by prefix; then
     * admin / crash shutdown, cannot connect now (starting up, recovering), too many connections,
     * lock_timeout and statement_timeout expiring, the server running out of disk or memory.
     */
    private static final Set<String> UNAVAILABLE_STATES = Set.of("57P01", "57P02", "57P03", "53300", "55P03",
            "57014", "53100", "53200");

    private PgFailures() {
    }

    /** {@code e} as a {@link StoreUnavailableException} when it says the database is unreachable, else itself. */
    static RuntimeException translate(RuntimeException e) {
        if (e instanceof StoreUnavailableException || !isUnavailable(e)) {
            return e;
        }
        return new StoreUnavailableException("PostgreSQL store unavailable: " + describe(e), e);
    }

    /** {@code e} as a {@link StoreUnavailableException} when it says the database is unreachable, else as a bug. */
    static RuntimeException translate(SQLException e) {
        if (isUnavailable(e)) {
            return new StoreUnavailableException("PostgreSQL store unavailable: " + describe(e), e);
        }
        return new IllegalStateException("PostgreSQL store error: " + describe(e), e);
    }

    static boolean isUnavailable(Throwable failure) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        return isUnavailable(failure, seen);
    }

    private static boolean isUnavailable(Throwable t, Map<Throwable, Boolean> seen) {
        if (t == null || seen.put(t, Boolean.TRUE) != null) {
            return false;
        }
        if (t instanceof SQLException sql && isUnavailable(sql)) {
            return true;
        }
        if (t instanceof ConnectException || t instanceof SocketTimeoutException || t instanceof SocketException
                || t instanceof UnknownHostException || t instanceof EOFException) {
            return true;
        }
        if (t instanceof SQLException sql && isUnavailable(sql.getNextException(), seen)) {
            return true;
        }
        for (Throwable suppressed : t.getSuppressed()) {
            if (isUnavailable(suppressed, seen)) {
                return true;
            }
        }
        return isUnavailable(t.getCause(), seen);
    }

    private static boolean isUnavailable(SQLException e) {
        String state = e.getSQLState();
        if (state != null) {
            return state.startsWith("08") || UNAVAILABLE_STATES.contains(state);
        }
        // a pool that could not hand out a connection in time (PgConnectionPool sets 08001; others may not)
        String message = String.valueOf(e.getMessage());
        return e instanceof SQLTransientConnectionException || e instanceof SQLNonTransientConnectionException
                || message.contains("Acquisition timeout") || message.contains("Unable to acquire");
    }

    /** The innermost message: the driver's words, not the wrappers'. Never SQL text or values. */
    static String describe(Throwable e) {
        Throwable root = e;
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        while (root.getCause() != null && seen.put(root, Boolean.TRUE) == null) {
            root = root.getCause();
        }
        String state = root instanceof SQLException sql && sql.getSQLState() != null ? " [" + sql.getSQLState() + "]" : "";
        return root.getClass().getSimpleName() + state + ": " + root.getMessage();
    }
}
