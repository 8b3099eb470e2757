package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.adapters.encryption.AesGcmFieldProtection;
import dev.pmmemory.adapters.encryption.Keyset;
import dev.pmmemory.adapters.jdbc.WrongKeyException;
import dev.pmmemory.adapters.postgres.PostgresMemoryStore;
import dev.pmmemory.adapters.postgres.PostgresMigrations;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.port.in.ReencryptionStatus;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.service.Reencryption;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import jakarta.transaction.TransactionManager;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** The storage contract and the encryption checks on PostgreSQL with a key, through the store as wired. */
@QuarkusTest
@TestProfile(PostgresEncryptedProfile.class)
class EncryptedPostgresMemoryStoreContractTest extends EncryptedStoreContract {
    private static final String TABLES = "memory_terms, memory_entities, memory_vectors, memories, raw_messages,"
            + " audit_events, experiences, job_runs, facts, entity_names, registered_entities, team_members, team_authors";

    @Inject
    MemoryStore wired;
    @Inject
    DataSource dataSource;
    @Inject
    TransactionManager transactions;
    @Inject
    Flyway flyway;

    @Override
    protected MemoryStore newStore() {
        PostgresMemoryStore postgres = (PostgresMemoryStore) wired;
        postgres.ensureSchema();
        try {
            execute("TRUNCATE " + TABLES);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot empty the test database", e);
        }
        return postgres;
    }

    /** The plain profiles share this database: no sealed row or key check may outlive these tests. */
    @AfterAll
    static void leaveNoSealedData() throws SQLException {
        PostgresEncryptedProfile.emptyTheDatabase();
    }

    @Override
    protected String storedText() throws SQLException {
        StringBuilder all = new StringBuilder();
        try (Connection c = PostgresTestConnection.open(); Statement s = c.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("SELECT table_name FROM information_schema.tables"
                    + " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'")) {
                while (rs.next()) {
                    tables.add(rs.getString(1));
                }
            }
            assertThat(tables).contains("memories", "raw_messages", "facts", "audit_events", "memory_terms");
            for (String table : tables) {
                try (ResultSet rs = s.executeQuery("SELECT t::text FROM " + table + " t")) {
                    while (rs.next()) {
                        all.append(rs.getString(1)).append('\n');
                    }
                }
            }
        }
        return all.toString();
    }

    @Override
    protected void execute(String statement) throws SQLException {
        try (Connection c = PostgresTestConnection.open(); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }

    @Override
    protected void emptyStoreWith(FieldProtection keys) throws SQLException {
        execute("TRUNCATE " + TABLES + ", key_checks");
        store = instance(keys);
    }

    @Override
    protected void reopenWith(FieldProtection keys) {
        store = instance(keys);
    }

    @Test
    void aWrongKeyRefusesToStart() {
        store.write(P, tx -> {
            tx.memories().insert(memory("m1", P).build());
            return null;
        });
        FieldProtection wrong = new AesGcmFieldProtection(Keyset.ofSingleKey(OTHER_KEY));

        // another instance starting on the same database with another key, or none
        for (FieldProtection other : List.of(wrong, FieldProtection.none())) {
            PostgresMemoryStore instance = PostgresMemoryStore.open(dataSource, transactions,
                    new PostgresMigrations(flyway, dataSource), other, CLOCK);
            assertThatThrownBy(instance::ensureSchema).isInstanceOf(WrongKeyException.class);
        }
        PostgresMemoryStore right = PostgresMemoryStore.open(dataSource, transactions,
                new PostgresMigrations(flyway, dataSource), PROTECTION, CLOCK);
        right.ensureSchema();
        assertThat(right.read(tx -> tx.memories().findById(P, "m1")).orElseThrow().content()).isEqualTo("memory m1");
    }

    /**
     * Rotation on PostgreSQL: a second instance with the new key as primary writes under it at once, the job
     * killed half-way and run again moves every old row, and an instance with the new key alone reads it all.
     */
    @Test
    void rotationThroughACrashedReencryptionLosesNothing() {
        for (int i = 0; i < 9; i++) {
            insert(memory("old" + i, P).build()); // under the wired store's key
        }
        String oldId = Keyset.ofSingleKey(KEY).primaryId();
        String both = "primary kb\n" + oldId + " " + KEY + "\nkb " + OTHER_KEY + "\n";
        FieldProtection rotated = new AesGcmFieldProtection(Keyset.parse(both));
        PostgresMemoryStore next = instance(rotated);
        next.write(P, tx -> {
            for (int i = 0; i < 3; i++) {
                tx.memories().insert(memory("new" + i, P).build());
            }
            return null;
        });
        ReencryptionStatus before = new Reencryption(next, rotated, CLOCK).status();
        assertThat(before.rowsByKey()).containsEntry(oldId, 9L).containsEntry("kb", 3L);

        CrashingProtection crashing = new CrashingProtection(new AesGcmFieldProtection(Keyset.parse(both)), 12);
        assertThatThrownBy(() -> new Reencryption(instance(crashing), crashing, CLOCK, 2).run())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("killed");
        long left = new Reencryption(next, rotated, CLOCK).status().rowsToReseal();
        assertThat(left).isBetween(1L, 8L);
        assertThat(new Reencryption(next, rotated, CLOCK, 2).run().changed()).isEqualTo(left);
        assertThat(new Reencryption(next, rotated, CLOCK).status().rowsByKey()).containsOnlyKeys("kb");

        PostgresMemoryStore newKeyOnly = instance(new AesGcmFieldProtection(Keyset.parse(
                "primary kb\nkb " + OTHER_KEY + "\n")));
        for (int i = 0; i < 9; i++) {
            String id = "old" + i;
            assertThat(newKeyOnly.read(tx -> tx.memories().findById(P, id)).orElseThrow().content())
                    .isEqualTo("memory " + id);
            List<Memory> duplicates = newKeyOnly.read(tx -> tx.memories().findDuplicatesVisibleDuring(P,
                    MemoryType.PROJECT_NEGATIVE, "memory" + id, T0, null));
            assertThat(duplicates).extracting(Memory::id).containsExactly(id);
        }
    }

    /** Another instance on the same database, with its own keys (checked against the recorded ones). */
    private PostgresMemoryStore instance(FieldProtection keys) {
        PostgresMemoryStore instance = PostgresMemoryStore.open(dataSource, transactions,
                new PostgresMigrations(flyway, dataSource), keys, CLOCK);
        instance.ensureSchema();
        return instance;
    }
}
