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

    /** Marks a pending memory rejected; the decisions it conflicted with stay as they are. */
    MemoryChange reject(MemoryActionCommand command);
}
