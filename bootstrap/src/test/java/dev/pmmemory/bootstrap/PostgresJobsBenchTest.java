package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.postgres.PostgresMemoryStore;
import io.agroal.api.AgroalDataSource;
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
    PostgresMemoryStore postgres;

    @Inject
    AgroalDataSource dataSource;

    @Test
    void sweepAndPurgeOverAHundredThousandMemories() throws Exception {
        postgres.schemaVersion();
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE memory_vectors, memories, raw_messages, audit_events, job_runs");
        }
        JobsBench.run("PostgreSQL", postgres);
    }
}
