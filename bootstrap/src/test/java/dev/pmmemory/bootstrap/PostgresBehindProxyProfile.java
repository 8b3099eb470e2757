package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/** The application on PostgreSQL through {@link PostgresBehindProxy}: the database is down when it starts. */
public class PostgresBehindProxyProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("memory.store", "postgres");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(PostgresBehindProxy.class));
    }
}
