package dev.pmmemory.application.port.in;

import java.util.List;

/**
 * The memory after a correction or settlement.
 *
 * @param superseded ids of the memories it superseded (wholly or for some entities) by this change
 */
public record MemoryChange(MemoryView memory, List<String> superseded) {
    public MemoryChange {
        superseded = List.copyOf(superseded);
    }
}
