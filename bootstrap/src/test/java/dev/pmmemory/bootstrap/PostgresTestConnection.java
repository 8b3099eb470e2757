package dev.pmmemory.bootstrap;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.postgresql.Driver;

/**
 * A connection of its own to the database the running test application uses (quarkus.datasource.*):
 * for what a test does beside the store — another instance's session, emptying tables, EXPLAIN.
 * Autocommit on, as a fresh JDBC connection is.
 */
final class PostgresTestConnection {
    private PostgresTestConnection() {
    }

    static Connection open() throws SQLException {
        Config config = ConfigProvider.getConfig();
        Properties p = new Properties();
        config.getOptionalValue(PostgresTestDatabase.USERNAME, String.class).ifPresent(u -> p.setProperty("user", u));
        config.getOptionalValue(PostgresTestDatabase.PASSWORD, String.class).ifPresent(pw -> p.setProperty("password", pw));
        return new Driver().connect(config.getValue(PostgresTestDatabase.URL, String.class), p);
    }
}
