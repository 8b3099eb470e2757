package dev.pmmemory.bootstrap;

import org.eclipse.microprofile.config.spi.Converter;

/** The values of {@code memory.sessions.store}, read at start-up like {@link StoreKind}. */
public enum SessionStoreKind {
    EMBEDDED,
    REDIS;

    private static final ConfigChoice<SessionStoreKind> SETTING =
            new ConfigChoice<>("memory.sessions.store", "session store", values());

    static SessionStoreKind parse(String value) {
        return SETTING.read(value);
    }

    /** Reads {@code memory.sessions.store}: {@code embedded} or {@code redis}. */
    public static final class Setting implements Converter<SessionStoreKind> {
        @Override
        public SessionStoreKind convert(String value) {
            return parse(value);
        }
    }
}
