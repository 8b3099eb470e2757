package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.sqlite.SqliteMemoryStore;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Encryption turned on over existing data: a SQLite file written without a key (one memory and its raw message)
 * is started with the test key, plain values read as the default ({@code memory.encryption.read-plain=true}).
 */
public class PlainDataSqliteProfile implements QuarkusTestProfile {
    static final String PROFILE = "pm-plain-before";
    static final String MEMORY = "m-plain-before";
    static final String CONTENT = "Quixotrel 估值偏高 不再推进";

    private static Path file;

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> config = new HashMap<>();
        config.put("memory.encryption.key", EncryptedStoreContract.KEY);
        config.put("memory.sqlite.path", file().toString());
        return config;
    }

    static synchronized Path file() {
        if (file != null) {
            return file;
        }
        try {
            Path db = Files.createTempDirectory("pm-memory-plain").resolve("memory.db");
            Instant now = Instant.now();
            try (SqliteMemoryStore store = SqliteMemoryStore.open(db, Clock.systemUTC(), FieldProtection.none())) {
                store.write(PROFILE, tx -> {
                    tx.memories().insert(new Memory.Builder().id(MEMORY).profileId(PROFILE)
                            .type(MemoryType.PROJECT_NEGATIVE).content(CONTENT).normalizedContent(CONTENT.toLowerCase())
                            .entities(List.of("Quixotrel")).keywords(List.of("quixotrel", "估值")).weight(1)
                            .status(MemoryStatus.ACTIVE).source(Source.EXPLICIT).createdAt(now).lastSeenAt(now)
                            .validFrom(now).expiresAt(now.plus(Duration.ofDays(30)))
                            .sourceMessageIds(List.of("raw-plain-before")).build());
                    tx.rawMessages().append(new RawMessage("raw-plain-before", PROFILE, "msg-plain-before", null,
                            Source.EXPLICIT, CONTENT, now, now, FeedbackOutcome.CREATED, MEMORY, List.of(), List.of()));
                    return null;
                });
            }
            file = db;
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
