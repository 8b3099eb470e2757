package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.postgres.PostgresSettings;
import io.quarkus.runtime.configuration.ConfigurationException;

/**
 * The PostgreSQL store's settings with {@code memory.store=postgres}, or a start-up error that says
 * what to set: a missing or foreign URL stops the start, not the first request.
 */
final class PostgresUrl {

    private PostgresUrl() {
    }

    /** @param url memory.postgres.url (or quarkus.datasource.jdbc.url) as resolved */
    static String require(String url) {
        if (url == null || url.isBlank()) {
            throw new ConfigurationException("memory.store=postgres needs memory.postgres.url (env MEMORY_POSTGRES_URL),"
                    + " e.g. jdbc:postgresql://127.0.0.1:5432/pm_memory; see README \"Running against PostgreSQL\"");
        }
        if (!url.startsWith("jdbc:postgresql:")) {
            throw new ConfigurationException("memory.postgres.url (env MEMORY_POSTGRES_URL) must be a PostgreSQL JDBC URL,"
                    + " jdbc:postgresql://host:5432/database, not " + url.replaceAll("\\?.*", ""));
        }
        return url;
    }

    static PostgresSettings settings(MemoryConfig.Postgres config) {
        if (config.maxConnections() < 1) {
            throw new ConfigurationException("memory.postgres.max-connections (env MEMORY_POSTGRES_MAX_CONNECTIONS)"
                    + " must be at least 1, not " + config.maxConnections());
        }
        return new PostgresSettings(require(config.url().orElse(null)), config.username().orElse(null),
                config.password().orElse(null), config.maxConnections(), config.acquisitionTimeout());
    }
}
