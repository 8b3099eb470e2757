package dev.pmmemory.application.port.out;

import dev.pmmemory.domain.memory.MemoryType;
import java.util.Objects;

/** One profile's memories of one type: the unit the compact job folds. */
public record MemoryGroup(String profileId, MemoryType type) {
    public MemoryGroup {
        Objects.requireNonNull(profileId, "profileId");
        Objects.requireNonNull(type, "type");
    }
}
