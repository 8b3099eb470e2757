package dev.pmmemory.application.port.out;

import java.util.Locale;

/** Kinds of audit event. */
public enum AuditKind {
    MESSAGE_RECEIVED,
    MESSAGE_UNCLASSIFIED,
    MEMORY_CREATED,
    MEMORY_PENDING,
    MEMORY_REINFORCED,
    MEMORY_SUPERSEDED,
    MEMORY_PARTIALLY_SUPERSEDED,
    MEMORY_CONFIRMED,
    MEMORY_REJECTED,
    MEMORY_CORRECTED,
    MEMORY_DELETED,
    MEMORY_EXPIRED,
    /** A late repeat showed two memories of one key to be one: this one was folded into the other. */
    MEMORY_FOLDED,
    /** Tombstone of a purged memory: its id and time, nothing else. */
    MEMORY_PURGED,
    /** Tombstone of an erased profile (data rights): who and when, and how many rows of each kind went. */
    PROFILE_ERASED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static AuditKind fromWireName(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }
}
