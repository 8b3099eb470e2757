package dev.pmmemory.application.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The lifecycle jobs (rules.md §5): each runs on a schedule and on demand. */
public enum Job {
    /** Materialises {@code expired} for active memories past their expiry. */
    SWEEP,
    /** Removes what has been retired for longer than the retention, leaving audit tombstones. */
    PURGE,
    /** Folds many old low-priority memories of one profile and type into one summary memory. */
    COMPACT,
    /** Re-extracts stored memories' entities after the entity registry changed (runs on each change, and on demand). */
    REINDEX,
    /** Proposes pending long-term preferences from patterns in a profile's memories (rules.md "Derived preferences"). */
    DERIVE,
    /** Rewrites stored values sealed under an older key (or plain) under the primary key (docs/encryption.md). */
    REENCRYPT;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Job> fromWireName(String name) {
        return Arrays.stream(values()).filter(j -> j.wireName().equals(name)).findFirst();
    }
}
