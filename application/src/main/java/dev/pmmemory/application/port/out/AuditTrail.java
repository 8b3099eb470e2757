package dev.pmmemory.application.port.out;

import java.util.List;

/** Append-only audit events. Used inside a {@link MemoryStore} transaction. */
public interface AuditTrail {

    void record(AuditEvent event);

    /** Every event about one memory, oldest first. */
    List<AuditEvent> forMemory(String profileId, String memoryId);

    long countByProfile(String profileId);

    /**
     * Up to {@code limit} events of the profile, newest first (the reverse of the order they were
     * recorded in), only those about {@code memoryId} when it is not null, and only those recorded
     * before the event {@code afterEventId} when it is not null (the last one of the previous page;
     * an id the profile does not have yields nothing).
     */
    List<AuditEvent> newestFirst(String profileId, String memoryId, String afterEventId, int limit);
}
