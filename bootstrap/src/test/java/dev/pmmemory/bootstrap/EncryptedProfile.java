package dev.pmmemory.bootstrap;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The application on SQLite with encryption at rest on (a fixed test key): the REST acceptance suites that
 * extend theirs under this profile run every case over sealed text and blind indexes. Any other suite runs so
 * too with {@code MEMORY_ENCRYPTION_KEY=<base64 key>} in the test JVM's environment (a fresh SQLite file per start).
 */
public class EncryptedProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        // plain values refused, as the suites check that a plain value is reported; serving them has its own test
        return Map.of("memory.encryption.key", EncryptedStoreContract.KEY, "memory.encryption.read-plain", "false");
    }
}
