package dev.pmmemory.adapters.jdbc;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Statements with positional arguments on one transaction's connection; failures as the dialect tells them. */
public final class Sql {
    private final Statements statements;
    private final Dialect dialect;

    public Sql(Statements statements, Dialect dialect) {
        this.statements = statements;
        this.dialect = dialect;
    }

    public interface RowMapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    public interface Work<T> {
        T run(Statements statements) throws SQLException;
    }

    public Dialect dialect() {
        return dialect;
    }

    /** Statement work of its own (batches, a statement run several times), its failures translated. */
    public <T> T run(Work<T> work) {
        try {
            return work.run(statements);
        } catch (SQLException e) {
            throw dialect.translate(e);
        }
    }

    public <T> List<T> query(String sql, RowMapper<T> mapper, Object... args) {
        return run(s -> {
            try (Statements.Lease lease = s.prepare(sql)) {
                PreparedStatement ps = lease.statement();
                Codec.bind(ps, args);
                try (ResultSet rs = ps.executeQuery()) {
                    List<T> out = new ArrayList<>();
                    while (rs.next()) {
                        out.add(mapper.map(rs));
                    }
                    return out;
                }
            }
        });
    }

    public <T> Optional<T> first(String sql, RowMapper<T> mapper, Object... args) {
        return query(sql, mapper, args).stream().findFirst();
    }

    public long count(String sql, Object... args) {
        return query(sql, rs -> rs.getLong(1), args).get(0);
    }

    public List<String> strings(String sql, Object... args) {
        return query(sql, rs -> rs.getString(1), args);
    }

    /** Runs an INSERT / UPDATE / DELETE; returns the rows it changed. */
    public int update(String sql, Object... args) {
        return run(s -> {
            try (Statements.Lease lease = s.prepare(sql)) {
                PreparedStatement ps = lease.statement();
                Codec.bind(ps, args);
                return ps.executeUpdate();
            }
        });
    }
}
