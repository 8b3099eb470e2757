package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.adapters.encryption.AesGcmFieldProtection;
import dev.pmmemory.adapters.encryption.Keyset;
import dev.pmmemory.adapters.jdbc.WrongKeyException;
import dev.pmmemory.adapters.sqlite.SqliteMemoryStore;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.port.out.MemoryStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The storage contract and the encryption checks on a SQLite file sealed under a key. */
class EncryptedSqliteMemoryStoreContractTest extends EncryptedStoreContract {

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve("memory.db");
    }

    @Override
    protected MemoryStore newStore() {
        return SqliteMemoryStore.open(file(), CLOCK, PROTECTION);
    }

    @Override
    protected void closeStore(MemoryStore store) {
        ((SqliteMemoryStore) store).close();
    }

    @Override
    protected String storedText() throws Exception {
        StringBuilder all = new StringBuilder();
        for (String suffix : new String[] {"", "-wal"}) {
            Path part = dir.resolve("memory.db" + suffix);
            if (Files.exists(part)) {
                all.append(new String(Files.readAllBytes(part), StandardCharsets.UTF_8));
            }
        }
        assertThat(Files.exists(dir.resolve("memory.db-wal"))).as("the WAL is scanned too").isTrue();
        return all.toString();
    }

    /** The store's writer holds the file's write lock while open: it is closed for the statement, then reopened. */
    @Override
    protected void execute(String statement) throws Exception {
        ((SqliteMemoryStore) store).close();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file()); Statement s = c.createStatement()) {
            s.executeUpdate(statement);
        }
        store = newStore();
    }

    @Override
    protected void emptyStoreWith(FieldProtection keys) throws Exception {
        ((SqliteMemoryStore) store).close();
        for (String suffix : new String[] {"", "-wal", "-shm"}) {
            Files.deleteIfExists(dir.resolve("memory.db" + suffix));
        }
        store = SqliteMemoryStore.open(file(), CLOCK, keys);
    }

    @Override
    protected void reopenWith(FieldProtection keys) {
        ((SqliteMemoryStore) store).close();
        store = SqliteMemoryStore.open(file(), CLOCK, keys);
    }

    @Test
    void aWrongKeyRefusesToStart() {
        store.write(P, tx -> {
            tx.memories().insert(memory("m1", P).build());
            return null;
        });
        ((SqliteMemoryStore) store).close();
        store = null;
        FieldProtection wrong = new AesGcmFieldProtection(Keyset.ofSingleKey(OTHER_KEY));

        assertThatThrownBy(() -> SqliteMemoryStore.open(file(), CLOCK, wrong))
                .isInstanceOf(WrongKeyException.class)
                .hasMessageContaining("do not include a key this store was written with");
        assertThatThrownBy(() -> SqliteMemoryStore.open(file(), CLOCK, FieldProtection.none()))
                .isInstanceOf(WrongKeyException.class)
                .hasMessageContaining("no key is configured");
        // the right key still opens it, and reads what it sealed
        try (SqliteMemoryStore again = SqliteMemoryStore.open(file(), CLOCK, PROTECTION)) {
            assertThat(again.read(tx -> tx.memories().findById(P, "m1")).orElseThrow().content()).isEqualTo("memory m1");
        }
    }
}
