package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.postgres.PostgresMemoryStore;
import dev.pmmemory.application.port.out.MemoryStore;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/** bench/jobs on PostgreSQL (empties the test database first): off unless -Dpm.bench.jobs=true. */
@QuarkusTest
@TestProfile(PostgresProfile.class)
@EnabledIfSystemProperty(named = "pm.bench.jobs", matches = "true")
class PostgresJobsBenchTest {

    @Inject
    MemoryStore store;

    @Test
    void sweepAndPurgeOverAHundredThousandMemories() throws Exception {
        PostgresMemoryStore postgres = (PostgresMemoryStore) store;
        postgres.schemaVersion();
        try (Connection c = PostgresTestConnection.open(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE memory_terms, memory_entities, memory_vectors, memories, raw_messages, audit_events, job_runs");
        }
        JobsBench.run("PostgreSQL", postgres);
    }
}
