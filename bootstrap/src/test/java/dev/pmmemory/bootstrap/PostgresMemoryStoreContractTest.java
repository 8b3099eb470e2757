package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.postgres.PostgresMemoryStore;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.testing.MemoryStoreContract;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The storage contract (the same suite the in-memory and SQLite stores pass) against a real
 * PostgreSQL, through the store as the application wires it (its own pool, transactions and
 * migrated schema). It lives here because only bootstrap runs {@code @QuarkusTest}.
 * Each test starts from empty tables.
 */
@QuarkusTest
@TestProfile(PostgresProfile.class)
class PostgresMemoryStoreContractTest extends MemoryStoreContract {

    @Inject
    MemoryStore store;

    @Override
    protected MemoryStore newStore() {
        PostgresMemoryStore postgres = (PostgresMemoryStore) store;
        postgres.ensureSchema(); // migrates on first use
        try (Connection c = PostgresTestConnection.open(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE memory_terms, memory_entities, memory_vectors, memories, raw_messages, audit_events, experiences, job_runs, facts,"
                    + " entity_names, registered_entities, team_members, team_authors");
        } catch (SQLException e) {
            throw new IllegalStateException("cannot empty the test database", e);
        }
        return postgres;
    }
}
