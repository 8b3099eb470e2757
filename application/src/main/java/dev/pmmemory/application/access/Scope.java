package dev.pmmemory.application.access;

import java.util.Locale;
import java.util.Optional;

/** What a key may do; each scope includes the ones before it. */
public enum Scope {
    READ, WRITE, ADMIN;

    public boolean includes(Scope other) {
        return ordinal() >= other.ordinal();
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Scope> fromWireName(String name) {
        for (Scope s : values()) {
            if (s.wireName().equals(name)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
