package dev.pmmemory.application.port.in;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * @param sourceMessages the raw messages it was made from, oldest first (with as_of: those said by then)
 * @param versions       its version chain: the memories it superseded, itself, the memories that superseded it,
 *                       wholly or for some entities (oldest first)
 * @param links          who took what over from whom and when, each link touching this memory (oldest first)
 * @param events         its audit events, oldest first
 * @param summarizedBy   the summary that folded it, or null
 * @param summarizes     for a summary: the memories it folded that are still stored (not purged), by id
 */
public record MemoryDetail(MemoryView memory, List<RawMessage> sourceMessages, List<MemoryView> versions,
                           List<VersionLink> links, List<AuditEvent> events, String summarizedBy,
                           List<String> summarizes) {
    public MemoryDetail {
        sourceMessages = List.copyOf(sourceMessages);
        versions = List.copyOf(versions);
        links = List.copyOf(links);
        events = List.copyOf(events);
        summarizes = List.copyOf(summarizes);
    }

    /**
     * Memory {@code byId} took {@code entityKeys} over from memory {@code supersededId} at {@code at}; {@code whole}
     * when that left the older one nothing (it became superseded). A fold (two memories of one key found to be one)
     * is a whole link with no entities.
     */
    public record VersionLink(String supersededId, String byId, Set<String> entityKeys, Instant at, boolean whole) {
        public VersionLink {
            Objects.requireNonNull(supersededId, "supersededId");
            Objects.requireNonNull(byId, "byId");
            entityKeys = Set.copyOf(entityKeys);
            Objects.requireNonNull(at, "at");
        }
    }
}
