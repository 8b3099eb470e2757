package dev.pmmemory.bootstrap;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;

/**
 * The application on PostgreSQL with encryption at rest on (a fixed test key), plain values refused. Leaves the database as it found
 * it for the other profiles: its test classes empty every table, key checks included, when they end.
 */
public class PostgresEncryptedProfile extends PostgresProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> config = new HashMap<>(super.getConfigOverrides());
        config.put("memory.encryption.key", EncryptedStoreContract.KEY);
        // the suites check that a plain value is reported; serving plain values has its own test
        config.put("memory.encryption.read-plain", "false");
        return config;
    }

    /** Every table the store writes, key checks included: what the plain profiles may not find sealed. */
    static void emptyTheDatabase() throws SQLException {
        try (Connection c = PostgresTestConnection.open(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE memory_terms, memory_entities, memory_vectors, memories, raw_messages, audit_events,"
                    + " experiences, job_runs, facts, entity_names, registered_entities, team_members, team_authors,"
                    + " key_checks");
        }
    }
}
