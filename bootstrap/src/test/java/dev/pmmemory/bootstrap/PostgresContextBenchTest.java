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

/** bench/context on PostgreSQL (EMPTIES the test database first): off unless -Dpm.bench.context=true. */
@QuarkusTest
@TestProfile(PostgresProfile.class)
@EnabledIfSystemProperty(named = "pm.bench.context", matches = "true")
class PostgresContextBenchTest {

    @Inject
    MemoryStore store;

    @Test
    void contextLatencyAtOneTenAndAHundredThousandMemories() throws Exception {
        PostgresMemoryStore postgres = (PostgresMemoryStore) store;
        postgres.schemaVersion();
        try (Connection c = PostgresTestConnection.open(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE memory_terms, memory_entities, memory_vectors, memories, raw_messages, audit_events, job_runs");
        }
        // The profile grows 10x between sizes in seconds; measured before autovacuum's next ANALYZE (up
        // to a minute later), plans would follow statistics of the previous size: a transient, not the
        // steady state a bot sees, so statistics and the visibility map (index-only scans) are refreshed
        // after each fill, as autovacuum would have by then.
        ContextBench.writeCsv(ContextBench.run("postgres", postgres, () -> {
            try (Connection c = PostgresTestConnection.open(); Statement s = c.createStatement()) {
                s.execute("VACUUM (ANALYZE) memories, memory_terms, memory_vectors");
            } catch (java.sql.SQLException e) {
                throw new IllegalStateException(e);
            }
        }));
    }
}
