package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;

/**
 * A memory as a reader sees it at read time.
 *
 * @param status       the effective status (an active memory past its expiry reads as expired)
 * @param typePriority the priority of its type under the current lexicon
 */
public record MemoryView(Memory memory, MemoryStatus status, double typePriority) {
}
