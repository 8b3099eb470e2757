package dev.pmmemory.application.port.out;

import java.util.List;

/** Append-only audit events. Used inside a {@link MemoryStore} transaction. */
public interface AuditTrail {

    void record(AuditEvent event);

    /** Every event about one memory, oldest first. */
    List<AuditEvent> forMemory(String profileId, String memoryId);

    long countByProfile(String profileId);

    /**
     * Forgetting (purge): empties the detail of every event about the memory, so that only ids,
     * kinds and times remain. The one exception to append-only.
     */
    void scrubMemory(String profileId, String memoryId);
}
