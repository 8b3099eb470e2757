package dev.pmmemory.application.model;

/** The tables whose values a store seals: what the re-encryption job walks, one after the other. */
public enum SealedTable {
    MEMORIES,
    RAW_MESSAGES,
    FACTS,
    AUDIT_EVENTS
}
