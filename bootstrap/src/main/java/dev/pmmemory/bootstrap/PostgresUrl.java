package dev.pmmemory.bootstrap;

import io.quarkus.runtime.configuration.ConfigurationException;

/**
 * The datasource URL with {@code memory.store=postgres}, or a start-up error that says what to set: a
 * missing or foreign URL stops the start, not the first request.
 */
final class PostgresUrl {

    private PostgresUrl() {
    }

    /** @param url quarkus.datasource.jdbc.url (or the deprecated memory.postgres.url) as resolved */
    static String require(String url) {
        if (url == null || url.isBlank()) {
            throw new ConfigurationException("memory.store=postgres needs quarkus.datasource.jdbc.url (env"
                    + " QUARKUS_DATASOURCE_JDBC_URL), e.g. jdbc:postgresql://127.0.0.1:5432/pm_memory; see docs/postgresql.md");
        }
        if (!url.startsWith("jdbc:postgresql:")) {
            throw new ConfigurationException("quarkus.datasource.jdbc.url (env QUARKUS_DATASOURCE_JDBC_URL) must be a"
                    + " PostgreSQL JDBC URL, jdbc:postgresql://host:5432/database, not " + display(url));
        }
        return url;
    }

    /** The URL without its parameters (which may carry a password): for logs and errors. */
    static String display(String url) {
        return url.replaceAll("\\?.*", "");
    }
}
