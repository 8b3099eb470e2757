package dev.pmmemory.adapters.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/** How both stores keep values: times as epoch milliseconds, lists joined by a control character. */
public final class Codec {
    /** Joins list values; validated input never contains this control character. */
    public static final String SEPARATOR = "\u001f";
    /** expires_at of a memory that never expires: one index range ({@code expires_at > ?}) serves every recall. */
    public static final long NEVER = Long.MAX_VALUE;

    private Codec() {
    }

    public static String join(Collection<String> values) {
        return String.join(SEPARATOR, values);
    }

    public static List<String> split(String joined) {
        if (joined == null || joined.isEmpty()) {
            return List.of();
        }
        return Arrays.asList(joined.split(SEPARATOR, -1));
    }

    public static Long millis(Instant t) {
        return t == null ? null : t.toEpochMilli();
    }

    public static long expiry(Instant expiresAt) {
        return expiresAt == null ? NEVER : expiresAt.toEpochMilli();
    }

    public static Instant expiresAt(long stored) {
        return stored == NEVER ? null : Instant.ofEpochMilli(stored);
    }

    public static void setInstant(PreparedStatement ps, int index, Instant value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.BIGINT);
        } else {
            ps.setLong(index, value.toEpochMilli());
        }
    }

    public static void setNullableString(PreparedStatement ps, int index, String value) throws SQLException {
        if (value == null) {
            ps.setNull(index, Types.VARCHAR);
        } else {
            ps.setString(index, value);
        }
    }

    public static Instant getInstant(ResultSet rs, String column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : Instant.ofEpochMilli(v);
    }

    public static Long getNullableLong(ResultSet rs, int column) throws SQLException {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
    }

    /**
     * Binds positional arguments: an {@link Instant} as epoch milliseconds, null as an untyped NULL (the
     * column's type decides), anything else as itself.
     */
    public static void bind(PreparedStatement ps, Object... args) throws SQLException {
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (a == null) {
                ps.setNull(i + 1, Types.NULL);
            } else if (a instanceof Instant t) {
                ps.setLong(i + 1, t.toEpochMilli());
            } else {
                ps.setObject(i + 1, a);
            }
        }
    }

    /** "?, ?, ?" for an IN list of {@code n} values. */
    public static String placeholders(int n) {
        return String.join(", ", Collections.nCopies(n, "?"));
    }
}
