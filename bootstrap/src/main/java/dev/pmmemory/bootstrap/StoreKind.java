package dev.pmmemory.bootstrap;

import org.eclipse.microprofile.config.spi.Converter;

/**
 * The values of {@code memory.store}. Read at start-up, not at build time: one runner jar serves a
 * sidecar on SQLite and a team on PostgreSQL.
 */
public enum StoreKind {
    SQLITE,
    POSTGRES;

    private static final ConfigChoice<StoreKind> SETTING = new ConfigChoice<>("memory.store", "store", values());

    static StoreKind parse(String value) {
        return SETTING.read(value);
    }

    /** Reads {@code memory.store}: {@code sqlite} or {@code postgres}. */
    public static final class Setting implements Converter<StoreKind> {
        @Override
        public StoreKind convert(String value) {
            return parse(value);
        }
    }
}
