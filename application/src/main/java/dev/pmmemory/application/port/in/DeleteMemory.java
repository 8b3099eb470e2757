package dev.pmmemory.application.port.in;

/** Soft delete: the memory stays in the history as {@code deleted} and stops being visible from now on. */
public interface DeleteMemory {
    /**
     * @throws dev.pmmemory.application.NotFoundException      no such memory in the profile
     * @throws dev.pmmemory.application.StateConflictException it is deleted already
     */
    MemoryChange delete(MemoryActionCommand command);
}
