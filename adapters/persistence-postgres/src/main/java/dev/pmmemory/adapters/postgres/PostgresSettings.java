package dev.pmmemory.adapters.postgres;

import java.time.Duration;
import java.util.Objects;
import java.util.Properties;

/**
 * Where the PostgreSQL store connects and how long it waits.
 *
 * @param url                {@code jdbc:postgresql://host:5432/database}; its own parameters win over the defaults below
 * @param username           may be null (the driver's default)
 * @param password           may be null
 * @param maxConnections     the pool's size
 * @param acquisitionTimeout how long a call waits for a free connection before it answers 503
 */
public record PostgresSettings(String url, String username, String password, int maxConnections,
                               Duration acquisitionTimeout) {
    /**
     * Every wait is bounded, so a database that is down gets a 503 within seconds, never a hang:
     * connecting and logging in 3 s, a socket read 20 s; on the server, one statement and one lock
     * wait (the per-profile write lock included) 10 s.
     */
    static final int CONNECT_TIMEOUT_SECONDS = 3;
    static final int SOCKET_TIMEOUT_SECONDS = 20;
    static final String SERVER_OPTIONS = "-c statement_timeout=10s -c lock_timeout=10s";

    public PostgresSettings {
        Objects.requireNonNull(url, "url");
        if (!url.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("not a PostgreSQL JDBC URL (jdbc:postgresql://host:5432/database): "
                    + url.replaceAll("\\?.*", ""));
        }
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be at least 1, not " + maxConnections);
        }
        Objects.requireNonNull(acquisitionTimeout, "acquisitionTimeout");
    }

    /** The driver's properties; a parameter of the URL overrides the one here (the driver reads the URL last). */
    Properties driverProperties() {
        Properties p = new Properties();
        if (username != null && !username.isBlank()) {
            p.setProperty("user", username);
        }
        if (password != null && !password.isEmpty()) {
            p.setProperty("password", password);
        }
        p.setProperty("connectTimeout", Integer.toString(CONNECT_TIMEOUT_SECONDS));
        p.setProperty("loginTimeout", Integer.toString(CONNECT_TIMEOUT_SECONDS));
        p.setProperty("socketTimeout", Integer.toString(SOCKET_TIMEOUT_SECONDS));
        p.setProperty("options", SERVER_OPTIONS);
        p.setProperty("ApplicationName", "pm-memory");
        return p;
    }

    /** The URL without its parameters (which may carry a password): for logs. */
    public String displayUrl() {
        return url.replaceAll("\\?.*", "");
    }

    @Override
    public String toString() {
        return "PostgresSettings[" + displayUrl() + ", user " + username + ", " + maxConnections + " connections]";
    }
}
