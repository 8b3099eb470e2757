package dev.pmmemory.application.port.in;

/** The PM settles a pending conflict (rules.md §4): confirm makes the memory win, reject drops it. */
public interface SettlePendingMemory {
    /**
     * Makes a pending memory active from now and supersedes the opposite decisions it conflicted with.
     *
     * @throws dev.pmmemory.application.NotFoundException      no such memory in the profile
     * @throws dev.pmmemory.application.StateConflictException the memory is not pending
     */
    MemoryChange confirm(MemoryActionCommand command);

    /**
     * Confirms it as {@code type} when given: the memory's own type or one of its alternatives (a memory held
     * because its sign was uncertain); any other type is invalid input naming {@code type}.
     */
    MemoryChange confirm(MemoryActionCommand command, java.util.Optional<dev.pmmemory.domain.memory.MemoryType> type);

    /** Marks a pending memory rejected; the decisions it conflicted with stay as they are. */
    MemoryChange reject(MemoryActionCommand command);
}
