package dev.pmmemory.adapters.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;

/**
 * Statements with positional arguments on the transaction's connection, and the values as
 * PostgreSQL stores them: an {@link Instant} as timestamptz (bound as an {@link OffsetDateTime} in
 * UTC, read back the same way), a {@code String[]} as text[]. Any {@link SQLException} leaves as
 * {@link PgFailures#translate}: a 503 when the database is unreachable, a bug otherwise.
 */
final class PgSql {
    private PgSql() {
    }

    interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    static <T> List<T> query(Connection c, String sql, RowMapper<T> mapper, Object... args) {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            bind(c, ps, args);
            try (ResultSet rs = ps.executeQuery()) {
                List<T> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(mapper.map(rs));
                }
                return out;
            }
        } catch (SQLException e) {
            throw PgFailures.translate(e);
        }
    }

    static <T> Optional<T> first(Connection c, String sql, RowMapper<T> mapper, Object... args) {
        return query(c, sql, mapper, args).stream().findFirst();
    }

    static long count(Connection c, String sql, Object... args) {
        return query(c, sql, rs -> rs.getLong(1), args).get(0);
    }

    static List<String> strings(Connection c, String sql, Object... args) {
        return query(c, sql, rs -> rs.getString(1), args);
    }

    /** Runs an INSERT / UPDATE / DELETE; returns the rows it changed. */
    static int update(Connection c, String sql, Object... args) {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            bind(c, ps, args);
            return ps.executeUpdate();
        } catch (SQLException e) {
            throw PgFailures.translate(e);
        }
    }

    static void bind(Connection c, PreparedStatement ps, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (a == null) {
                ps.setNull(i + 1, Types.NULL); // unspecified: the server infers the column's type
            } else if (a instanceof Instant t) {
                ps.setObject(i + 1, OffsetDateTime.ofInstant(t, ZoneOffset.UTC));
            } else if (a instanceof String[] array) {
                ps.setArray(i + 1, c.createArrayOf("text", array));
            } else {
                ps.setObject(i + 1, a);
            }
        }
    }

    static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime t = rs.getObject(column, OffsetDateTime.class);
        return t == null ? null : t.toInstant();
    }

    static List<String> texts(ResultSet rs, String column) throws SQLException {
        java.sql.Array array = rs.getArray(column);
        return array == null ? List.of() : List.of((String[]) array.getArray());
    }

    /** Each value once, in first-seen order: the shape the array parameters take. */
    static String[] distinct(Collection<String> values) {
        return new LinkedHashSet<>(values).toArray(String[]::new);
    }
}
