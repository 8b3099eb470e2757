package dev.pmmemory.application.port.out;

import dev.pmmemory.application.port.in.AuditEvent;
import java.util.List;

/** Append-only audit events. Used inside a {@link MemoryStore} transaction. */
public interface AuditTrail {

    void record(AuditEvent event);

    /** Every event about one memory, oldest first. */
    List<AuditEvent> forMemory(String profileId, String memoryId);

    long countByProfile(String profileId);

    /**
     * Forgetting (purge): empties the detail and the before / after states (a correction's content)
     * of every event about the memory, so that only ids, kinds, actors and times remain. The one
     * exception to append-only.
     */
    void scrubMemory(String profileId, String memoryId);

    /**
     * Erase (data rights): empties the detail and the before / after states of every event of the
     * profile, leaving content-free tombstones (ids, kinds, actors, times); returns how many events.
     */
    int scrubProfile(String profileId);

    /**
     * Puts the detail, actor, agent and before / after states of {@code event} back on the event of this
     * profile with its id (the content-free tombstone an erase left); false when the profile has no event
     * with that id (import records it then).
     */
    boolean restoreContent(AuditEvent event);

    /**
     * Up to {@code limit} events of the profile, newest first (the reverse of the order they were
     * recorded in), only those about {@code memoryId} when it is not null, and only those recorded
     * before the event {@code afterEventId} when it is not null (the last one of the previous page;
     * an id the profile does not have yields nothing).
     */
    List<AuditEvent> newestFirst(String profileId, String memoryId, String afterEventId, int limit);
}
