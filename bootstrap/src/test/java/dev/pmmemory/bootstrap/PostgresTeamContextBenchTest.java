package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.postgres.PostgresMemoryStore;
import dev.pmmemory.application.port.out.MemoryStore;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * {@link TeamContextBench} on PostgreSQL (EMPTIES the test database first): off unless
 * -Dpm.bench.team-context=true (bench/context/README.md).
 */
@QuarkusTest
@TestProfile(PostgresProfile.class)
@EnabledIfSystemProperty(named = "pm.bench.team-context", matches = "true")
class PostgresTeamContextBenchTest {

    @Inject
    MemoryStore store;

    @Test
    void aMemberOfATeamAnswersAsFastAsAProfileOfTheSameSize() throws Exception {
        PostgresMemoryStore postgres = (PostgresMemoryStore) store;
        postgres.schemaVersion();
        try (Connection c = PostgresTestConnection.open(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE memory_terms, memory_entities, memory_vectors, memories, raw_messages, audit_events,"
                    + " team_members, team_authors");
        }
        // statistics and the visibility map refreshed after the fill, as autovacuum would have by then
        // (PostgresContextBenchTest)
        TeamContextBench.run("postgres", postgres, () -> {
            try (Connection c = PostgresTestConnection.open(); Statement s = c.createStatement()) {
                s.execute("VACUUM (ANALYZE) memories, memory_terms, team_members");
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
