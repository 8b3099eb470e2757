package dev.pmmemory.application.port.out;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import java.util.Objects;

/**
 * What a {@link Summarizer} folds: memories of one profile and one type, oldest first, each with
 * its content, dates, entities, keywords and weight.
 */
public record SummaryRequest(String profileId, MemoryType type, List<Memory> members) {
    public SummaryRequest {
        Objects.requireNonNull(profileId, "profileId");
        Objects.requireNonNull(type, "type");
        members = List.copyOf(members);
        if (members.isEmpty()) {
            throw new IllegalArgumentException("a summary folds at least one memory");
        }
    }
}
