package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.sqlite.SqliteMemoryStore;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/** {@link TeamContextBench} on SQLite: off unless -Dpm.bench.team-context=true (bench/context/README.md). */
@EnabledIfSystemProperty(named = "pm.bench.team-context", matches = "true")
class SqliteTeamContextBenchTest {

    @Test
    void aMemberOfATeamAnswersAsFastAsAProfileOfTheSameSize(@TempDir Path dir) {
        try (SqliteMemoryStore store = SqliteMemoryStore.open(dir.resolve("bench.db"), Clock.systemUTC())) {
            TeamContextBench.run("sqlite", store, () -> { });
        }
    }
}
