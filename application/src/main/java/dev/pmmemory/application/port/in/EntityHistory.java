package dev.pmmemory.application.port.in;

import dev.pmmemory.application.model.AuditKind;

import dev.pmmemory.domain.memory.MemoryStatus;
import java.time.Instant;
import java.util.List;

/**
 * @param entity  the entity asked for
 * @param entries every memory naming it, oldest first (created_at, id)
 */
public record EntityHistory(String entity, List<Entry> entries) {
    public EntityHistory {
        entries = List.copyOf(entries);
    }

    /** One memory and how its status changed, oldest change first. */
    public record Entry(MemoryView memory, List<StatusChange> changes) {
        public Entry {
            changes = List.copyOf(changes);
        }
    }

    /**
     * @param event the audit event that made the change, or null for an expiry computed from expires_at
     *              (reads never write: an expiry is a time, not an event, until the sweep records one)
     */
    public record StatusChange(MemoryStatus status, Instant at, AuditKind event, String actor) {
    }
}
