package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.sqlite.SqliteMemoryStore;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/** bench/context on SQLite (a temporary file): off unless -Dpm.bench.context=true (bench/context/README.md). */
@EnabledIfSystemProperty(named = "pm.bench.context", matches = "true")
class SqliteContextBenchTest {

    @Test
    void contextLatencyAtOneTenAndAHundredThousandMemories(@TempDir Path dir) {
        // -Dpm.bench.context.sqlite-file keeps the filled database for a look with sqlite3 afterwards
        Path file = Path.of(System.getProperty("pm.bench.context.sqlite-file", dir.resolve("bench.db").toString()));
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, Clock.systemUTC())) {
            ContextBench.writeCsv(ContextBench.run("sqlite", store));
        }
    }
}
