package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.sqlite.SqliteMemoryStore;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/** bench/jobs on SQLite: off unless -Dpm.bench.jobs=true (bench/jobs/README.md). */
@EnabledIfSystemProperty(named = "pm.bench.jobs", matches = "true")
class SqliteJobsBenchTest {

    @Test
    void sweepAndPurgeOverAHundredThousandMemories(@TempDir Path dir) {
        try (SqliteMemoryStore store = SqliteMemoryStore.open(dir.resolve("bench.db"), Clock.systemUTC())) {
            JobsBench.run("SQLite", store);
        }
    }
}
