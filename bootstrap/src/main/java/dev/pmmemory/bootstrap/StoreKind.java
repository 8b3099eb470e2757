package dev.pmmemory.bootstrap;

import org.eclipse.microprofile.config.spi.Converter;

/**
 * The values of {@code memory.store}. Read at start-up, not at build time: one runner jar serves a
 * sidecar on SQLite and a team on PostgreSQL.
 */
public enum StoreKind {
    SQLITE("sqlite"),
    POSTGRES("postgres");

    private final String value;

    StoreKind(String value) {
        this.value = value;
    }

    static StoreKind parse(String value) {
        return ConfigChoice.named("memory.store", "store", values(), k -> k.value, value);
    }

    /** Reads {@code memory.store} by its exact names. */
    public static final class Setting implements Converter<StoreKind> {
        @Override
        public StoreKind convert(String value) {
            return parse(value);
        }
    }
}
