package dev.pmmemory.application.model;

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
    /**
     * A late opposite decision was said inside this repeated memory's span: it keeps the mentions said by
     * then, the later ones were filed again (they start a new memory, created with split_from=this id).
     */
    MEMORY_SPLIT,
    /**
     * A late decision changed what this memory's messages, said in time order, make of it: its weight, times,
     * sources, status or takeovers were re-derived from them (before / after). The supersession events
     * recorded on it before this one no longer count; those after it state its takeovers.
     */
    MEMORY_REDERIVED,
    /** Tombstone of a purged memory: its id and time, nothing else. */
    MEMORY_PURGED,
    /** A summary was made: the compact job folded old low-priority memories into this one. */
    MEMORY_SUMMARIZED,
    /** A new version of a structured fact (the previous one, if open, closed at its valid_from). */
    FACT_RECORDED,
    /** A fact's current version closed by hand (DELETE): the attribute has no value from then on. */
    FACT_CLOSED,
    /** The entity registry: an entity registered (audited under {@link AuditEvent#REGISTRY}). */
    ENTITY_REGISTERED,
    /** The entity registry: an entity's aliases or kind replaced. */
    ENTITY_REPLACED,
    /** The entity registry: an entity removed (memories keep their text). */
    ENTITY_DELETED,
    /** A new alias re-indexed a stored memory: its entities (and keywords) now name the canonical entity. */
    MEMORY_REINDEXED,
    /** Recall-aware retention: a memory recalled often enough lives longer (expires_at moved later). */
    MEMORY_EXTENDED,
    /** Recall-aware retention: a never-recalled low-priority memory expires sooner (expires_at moved earlier). */
    MEMORY_FADED,
    /**
     * A team proposal made by consensus lost its quorum (a member behind it left the team or was erased):
     * withdrawn, as a reject would, by the service. A later add may propose it again.
     */
    MEMORY_WITHDRAWN,
    /** Team membership: a profile became a member (recorded under the team's owner id, no memory). */
    TEAM_MEMBER_ADDED,
    /** Team membership: a profile's membership ended (recorded under the team's owner id, no memory). */
    TEAM_MEMBER_REMOVED,
    /** Tombstone of an erased profile (data rights): who and when, and how many rows of each kind went. */
    PROFILE_ERASED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static AuditKind fromWireName(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }
}
