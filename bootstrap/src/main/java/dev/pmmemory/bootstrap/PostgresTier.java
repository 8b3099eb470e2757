package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.postgres.PostgresMemoryStore;
import dev.pmmemory.adapters.postgres.PostgresMigrations;
import dev.pmmemory.application.StoreUnavailableException;
import dev.pmmemory.application.port.out.FieldProtection;
import java.time.Clock;
import jakarta.transaction.TransactionManager;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.jboss.logging.Logger;

/**
 * The PostgreSQL store on the platform's datasource, transaction manager and Flyway
 * ({@code memory.store=postgres}): a missing or foreign URL stops the start, not the first request; a
 * database that is down only leaves the schema to the first call that reaches it.
 */
final class PostgresTier {
    private static final Logger LOG = Logger.getLogger(PostgresTier.class);

    private PostgresTier() {
    }

    static PostgresMemoryStore open(Optional<String> url, MemoryConfig.Postgres deprecated, DataSource dataSource,
                                    TransactionManager transactions, Flyway flyway, FieldProtection protection,
                                    Clock clock) {
        String checked = PostgresUrl.require(url.orElse(null));
        warnAboutDeprecatedNames(deprecated);
        PostgresMemoryStore store = PostgresMemoryStore.open(dataSource, transactions,
                new PostgresMigrations(flyway, dataSource), protection, clock);
        try {
            store.ensureSchema();
            LOG.infof("store: PostgreSQL %s (schema version %d)", PostgresUrl.display(checked), store.schemaVersion());
        } catch (StoreUnavailableException e) {
            LOG.warnf("store: PostgreSQL %s not reachable at start (%s); the schema is migrated on the first call that"
                    + " reaches it, readiness stays DOWN until then", PostgresUrl.display(checked), e.getMessage());
        }
        return store;
    }

    /** Each memory.postgres.* name that is set, with the quarkus.datasource.* name that replaces it. */
    static Map<String, String> deprecatedNamesSet(MemoryConfig.Postgres deprecated) {
        Map<String, String> set = new LinkedHashMap<>();
        deprecated.url().ifPresent(v -> set.put("memory.postgres.url", "quarkus.datasource.jdbc.url"));
        deprecated.username().ifPresent(v -> set.put("memory.postgres.username", "quarkus.datasource.username"));
        deprecated.password().ifPresent(v -> set.put("memory.postgres.password", "quarkus.datasource.password"));
        deprecated.maxConnections().ifPresent(v -> set.put("memory.postgres.max-connections",
                "quarkus.datasource.jdbc.max-size"));
        deprecated.acquisitionTimeout().ifPresent(v -> set.put("memory.postgres.acquisition-timeout",
                "quarkus.datasource.jdbc.acquisition-timeout"));
        return set;
    }

    private static void warnAboutDeprecatedNames(MemoryConfig.Postgres deprecated) {
        deprecatedNamesSet(deprecated).forEach((old, now) -> LOG.warnf("%s is deprecated and goes in the next release:"
                + " set %s (env %s) instead; it is used this time", old, now, envName(now)));
    }

    static String envName(String property) {
        return property.toUpperCase(java.util.Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }
}
