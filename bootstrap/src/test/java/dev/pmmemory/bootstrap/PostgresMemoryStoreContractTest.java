package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.postgres.PostgresMemoryStore;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.testing.MemoryStoreContract;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The storage contract (the same suite the in-memory and SQLite stores pass) against a real
 * PostgreSQL, through the store bean as the application wires it (Quarkus transactions, the
 * Agroal pool, Flyway's schema). It lives here because only bootstrap runs {@code @QuarkusTest}.
 * Each test starts from empty tables.
 */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresMemoryStoreContractTest extends MemoryStoreContract {

    @Inject
    PostgresMemoryStore postgres;

    @Inject
    AgroalDataSource dataSource;

    @Override
    protected MemoryStore newStore() {
        postgres.schemaVersion(); // migrates on first use
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE memory_vectors, memories, raw_messages, audit_events, experiences, job_runs, facts,"
                    + " entity_names, registered_entities");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot empty the test database", e);
        }
        return postgres;
    }
}
