package dev.pmmemory.bootstrap;

import org.eclipse.microprofile.config.spi.Converter;

/** The values of {@code memory.sessions.store}, read at start-up like {@link StoreKind}. */
public enum SessionStoreKind {
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
        return ConfigChoice.named("memory.sessions.store", "session store", values(), SessionStoreKind::value, value);
    }

    /** Reads {@code memory.sessions.store} by its exact names. */
    public static final class Setting implements Converter<SessionStoreKind> {
        @Override
        public SessionStoreKind convert(String value) {
            return parse(value);
        }
    }
}
