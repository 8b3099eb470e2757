package dev.pmmemory.bootstrap;

import io.quarkus.runtime.configuration.ConfigurationException;

/**
 * The PostgreSQL URL with {@code memory.store=postgres}. application.properties gives the
 * datasource {@link #NOT_SET} when neither {@code memory.postgres.url} nor
 * {@code quarkus.datasource.jdbc.url} is set: without a URL Quarkus deactivates the datasource and
 * stops the start with a message about its own property, which a user of {@code MEMORY_POSTGRES_URL}
 * would not recognise. With the placeholder the start reaches {@link #require}, which says what to set.
 * (Hibernate may try it once while starting: port 1 of the loopback refuses at once, no DNS lookup.)
 */
final class PostgresUrl {

    /** Keep equal to the default of quarkus.datasource.jdbc.url in application.properties. */
    static final String NOT_SET = "jdbc:postgresql://127.0.0.1:1/memory-postgres-url-not-set";

    private PostgresUrl() {
    }

    /** @param datasourceUrl quarkus.datasource.jdbc.url as resolved */
    static String require(String datasourceUrl) {
        if (datasourceUrl == null || datasourceUrl.isBlank() || datasourceUrl.equals(NOT_SET)) {
            throw new ConfigurationException("memory.store=postgres needs memory.postgres.url (env MEMORY_POSTGRES_URL),"
                    + " e.g. jdbc:postgresql://127.0.0.1:5432/pm_memory; see README \"Running against PostgreSQL\"");
        }
        return datasourceUrl;
    }
}
