package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.Objects;

/**
 * What a profile contributed to a team memory (data rights, export): the team memory as stored now, and the
 * profile's own memory that counted toward the consensus behind it (null for a team decision it stated).
 */
public record TeamContribution(String teamId, String memoryId, MemoryType type, MemoryStatus status, String content,
                               String personalMemoryId) {
    public TeamContribution {
        Objects.requireNonNull(teamId, "teamId");
        Objects.requireNonNull(memoryId, "memoryId");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(content, "content");
    }
}
