package dev.pmmemory.bootstrap;

import io.quarkus.runtime.configuration.ConfigurationException;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The values of {@code memory.store}. Read at start-up, not at build time: one runner jar serves a
 * sidecar on SQLite and a team on PostgreSQL.
 */
enum StoreKind {
    SQLITE("sqlite"),
    POSTGRES("postgres");

    private final String value;

    StoreKind(String value) {
        this.value = value;
    }

    static StoreKind parse(String value) {
        return Arrays.stream(values()).filter(k -> k.value.equals(value)).findFirst()
                .orElseThrow(() -> new ConfigurationException("memory.store (env MEMORY_STORE): unknown store '"
                        + value + "'; supported: " + Arrays.stream(values()).map(k -> k.value)
                        .collect(Collectors.joining(", "))));
    }
}
