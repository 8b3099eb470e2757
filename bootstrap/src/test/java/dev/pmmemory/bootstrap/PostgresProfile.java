package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/**
 * The application as deployed on PostgreSQL ({@code memory.store=postgres}), against the database
 * of {@link PostgresTestDatabase}. Every test class of this profile shares one application start.
 */
public class PostgresProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("memory.store", "postgres");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(PostgresTestDatabase.class));
    }
}
