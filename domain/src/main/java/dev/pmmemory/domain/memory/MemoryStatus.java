package dev.pmmemory.domain.memory;

import java.util.Locale;
import java.util.Optional;

/**
 * Lifecycle of a memory. The stored status is a record of what happened; which memories take part in
 * dedup and conflicts is decided by time ({@link Lifetime#isVisibleDuring}), so an {@link #ACTIVE}
 * memory past its expiry (not yet swept) takes part in nothing.
 */
public enum MemoryStatus {
    ACTIVE, EXPIRED, SUPERSEDED, PENDING, REJECTED, DELETED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<MemoryStatus> fromWireName(String name) {
        for (MemoryStatus s : values()) {
            if (s.wireName().equals(name)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
