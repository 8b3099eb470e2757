package dev.pmmemory.bootstrap;

import io.quarkus.runtime.configuration.ConfigurationException;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The values of {@code memory.sessions.store}, read at start-up like {@link StoreKind}. */
enum SessionStoreKind {
    EMBEDDED("embedded"),
    REDIS("redis");

    private final String value;

    SessionStoreKind(String value) {
        this.value = value;
    }

    String value() {
        return value;
    }

    static SessionStoreKind parse(String value) {
        return Arrays.stream(values()).filter(k -> k.value.equals(value)).findFirst()
                .orElseThrow(() -> new ConfigurationException("memory.sessions.store (env MEMORY_SESSIONS_STORE): "
                        + "unknown session store '" + value + "'; supported: "
                        + Arrays.stream(values()).map(k -> k.value).collect(Collectors.joining(", "))));
    }
}
