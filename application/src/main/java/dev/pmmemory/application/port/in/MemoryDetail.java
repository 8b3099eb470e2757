package dev.pmmemory.application.port.in;

import dev.pmmemory.application.port.out.AuditEvent;
import dev.pmmemory.application.port.out.RawMessage;
import java.util.List;

/**
 * @param sourceMessages the raw messages it was made from, oldest first
 * @param versions       its version chain: what it superseded, itself, what superseded it (oldest first)
 * @param events         its audit events, oldest first
 */
public record MemoryDetail(MemoryView memory, List<RawMessage> sourceMessages, List<MemoryView> versions,
                           List<AuditEvent> events) {
    public MemoryDetail {
        sourceMessages = List.copyOf(sourceMessages);
        versions = List.copyOf(versions);
        events = List.copyOf(events);
    }
}
