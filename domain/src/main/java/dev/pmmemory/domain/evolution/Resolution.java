package dev.pmmemory.domain.evolution;

import dev.pmmemory.domain.memory.Memory;
import java.util.List;

/**
 * What a new decision does to the existing opposite decisions.
 *
 * @param incoming       the new memory with its final status (active, pending or superseded)
 * @param changed        existing memories that lost one or more entities to {@code incoming}
 * @param supersessions  one per changed memory, and one for {@code incoming} when it arrived late
 */
public record Resolution(Memory incoming, List<Memory> changed, List<Supersession> supersessions) {
    public Resolution {
        changed = List.copyOf(changed);
        supersessions = List.copyOf(supersessions);
    }

    public List<String> changedIds() {
        return changed.stream().map(Memory::id).toList();
    }
}
