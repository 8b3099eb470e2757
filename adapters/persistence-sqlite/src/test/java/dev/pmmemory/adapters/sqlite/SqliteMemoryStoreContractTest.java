package dev.pmmemory.adapters.sqlite;

import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.testing.MemoryStoreContract;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The storage contract against a real SQLite file, a fresh one per test. */
class SqliteMemoryStoreContractTest extends MemoryStoreContract {

    @TempDir
    Path dir;

    @Override
    protected MemoryStore newStore() {
        return SqliteMemoryStore.open(dir.resolve("memory.db"), CLOCK);
    }

    @Override
    protected void closeStore(MemoryStore store) {
        ((SqliteMemoryStore) store).close();
    }
}
