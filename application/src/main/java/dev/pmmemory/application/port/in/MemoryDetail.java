package dev.pmmemory.application.port.in;

import dev.pmmemory.application.port.out.AuditEvent;
import dev.pmmemory.application.port.out.RawMessage;
import java.util.List;

/**
 * @param sourceMessages the raw messages it was made from, oldest first
 * @param versions       its version chain: what it superseded, itself, what superseded it (oldest first)
 * @param events         its audit events, oldest first
 * @param summarizedBy   the summary that folded it, or null
 * @param summarizes     for a summary: the memories it folded that are still stored (not purged), by id
 */
public record MemoryDetail(MemoryView memory, List<RawMessage> sourceMessages, List<MemoryView> versions,
                           List<AuditEvent> events, String summarizedBy, List<String> summarizes) {
    public MemoryDetail {
        sourceMessages = List.copyOf(sourceMessages);
        versions = List.copyOf(versions);
        events = List.copyOf(events);
        summarizes = List.copyOf(summarizes);
    }

    /** A memory no summary touches. */
    public MemoryDetail(MemoryView memory, List<RawMessage> sourceMessages, List<MemoryView> versions,
                        List<AuditEvent> events) {
        this(memory, sourceMessages, versions, events, null, List.of());
    }
}
