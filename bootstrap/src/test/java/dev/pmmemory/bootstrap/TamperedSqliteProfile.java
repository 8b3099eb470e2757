package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.sqlite.SqliteMemoryStore;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The application on a SQLite file sealed under the test key in which, before the start, one memory's content was
 * replaced by another's ciphertext (the running store holds the file's write lock, so it is done beforehand).
 */
public class TamperedSqliteProfile extends EncryptedProfile {
    static final String PROFILE = "pm-tampered";
    static final String ALTERED = "m-altered";
    static final String INTACT = "m-intact";
    static final String INTACT_TEXT = "Quixotrel 估值偏高 不再推进";
    static final String ALTERED_TEXT = "Zephyrine 团队很强";

    private static Path file;

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> config = new HashMap<>(super.getConfigOverrides());
        config.put("memory.sqlite.path", prepared().toString());
        return config;
    }

    private static synchronized Path prepared() {
        if (file != null) {
            return file;
        }
        try {
            Path db = Files.createTempDirectory("pm-memory-tampered").resolve("memory.db");
            Instant now = Instant.now();
            try (SqliteMemoryStore store = SqliteMemoryStore.open(db, Clock.systemUTC(),
                    EncryptedStoreContract.PROTECTION)) {
                store.write(PROFILE, tx -> {
                    tx.memories().insert(memory(INTACT, INTACT_TEXT, now));
                    tx.memories().insert(memory(ALTERED, ALTERED_TEXT, now));
                    return null;
                });
            }
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
                s.executeUpdate("UPDATE memories SET content = (SELECT content FROM memories WHERE id = '" + INTACT
                        + "') WHERE id = '" + ALTERED + "'");
            }
            file = db;
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot alter the test file", e);
        }
    }

    private static Memory memory(String id, String content, Instant now) {
        return new Memory.Builder().id(id).profileId(PROFILE).type(MemoryType.PROJECT_NEGATIVE).content(content)
                .normalizedContent(content.toLowerCase()).entities(List.of(content.split(" ")[0]))
                .keywords(List.of(content.split(" ")[0].toLowerCase())).weight(1).status(MemoryStatus.ACTIVE)
                .source(Source.EXPLICIT).createdAt(now).lastSeenAt(now).validFrom(now)
                .expiresAt(now.plus(Duration.ofDays(30))).sourceMessageIds(List.of("raw-" + id)).build();
    }
}
