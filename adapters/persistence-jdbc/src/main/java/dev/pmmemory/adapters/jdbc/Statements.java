package dev.pmmemory.adapters.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** Where the repositories of one transaction get their prepared statements. */
public interface Statements {

    Connection connection();

    /** The statement for {@code sql}; closing the lease ends this use of it. */
    Lease prepare(String sql) throws SQLException;

    /** One use of a prepared statement. */
    interface Lease extends AutoCloseable {
        PreparedStatement statement();

        @Override
        void close() throws SQLException;
    }

    /**
     * A statement prepared for each use and closed after it: where the driver keeps the prepared forms
     * itself (PostgreSQL's server-side statements, per connection).
     */
    static Statements preparedPerUse(Connection connection) {
        return new Statements() {
            @Override
            public Connection connection() {
                return connection;
            }

            @Override
            public Lease prepare(String sql) throws SQLException {
                PreparedStatement ps = connection.prepareStatement(sql);
                return new Lease() {
                    @Override
                    public PreparedStatement statement() {
                        return ps;
                    }

                    @Override
                    public void close() throws SQLException {
                        ps.close();
                    }
                };
            }
        };
    }
}
