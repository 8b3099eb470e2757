package dev.pmmemory.adapters.sqlite;

import dev.pmmemory.application.StoreUnavailableException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/** Small JDBC helpers: statements with positional arguments, and SQLException translation. */
final class Jdbc {
    private Jdbc() {
    }

    interface SqlWork {
        void run() throws SQLException;
    }

    interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    static void run(SqlWork work) {
        try {
            work.run();
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    static <T> List<T> query(Statements c, String sql, RowMapper<T> mapper, Object... args) {
        try (Statements.Lease lease = c.prepare(sql)) {
            PreparedStatement ps = lease.statement();
            bind(ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                List<T> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(mapper.map(rs));
                }
                return out;
            }
        } catch (SQLException e) {
            throw translate(e);
        }
    }

    static long count(Statements c, String sql, Object... args) {
        return query(c, sql, rs -> rs.getLong(1), args).get(0);
    }

    static void bind(PreparedStatement ps, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            ps.setObject(i + 1, args[i]);
        }
    }

    /** A busy or unopenable database is a condition to retry later, not a bug. */
    static RuntimeException translate(SQLException e) {
        if (e instanceof SQLiteException se) {
            SQLiteErrorCode code = se.getResultCode();
            if (code == SQLiteErrorCode.SQLITE_BUSY || code == SQLiteErrorCode.SQLITE_LOCKED
                    || code == SQLiteErrorCode.SQLITE_CANTOPEN || code == SQLiteErrorCode.SQLITE_IOERR
                    || code == SQLiteErrorCode.SQLITE_FULL) {
                return new StoreUnavailableException("SQLite store unavailable: " + code.name(), e);
            }
        }
        return new IllegalStateException("SQLite store error: " + e.getMessage(), e);
    }

    /** Runs an INSERT / UPDATE / DELETE; returns the rows it changed. */
    static int update(Statements c, String sql, Object... args) {
        try (Statements.Lease lease = c.prepare(sql)) {
            PreparedStatement ps = lease.statement();
            bind(ps, args);
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw translate(e);
        }
    }
}
