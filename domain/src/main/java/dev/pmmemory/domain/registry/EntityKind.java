package dev.pmmemory.domain.registry;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** What a registered entity is; informational (every kind resolves its aliases alike). */
public enum EntityKind {
    COMPANY, FUND, PROJECT, PRODUCT, PERSON, OTHER;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<EntityKind> fromWireName(String name) {
        return Arrays.stream(values()).filter(k -> k.wireName().equals(name)).findFirst();
    }
}
