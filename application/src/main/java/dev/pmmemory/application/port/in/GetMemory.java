package dev.pmmemory.application.port.in;

/** One memory with where it came from and how it changed. */
public interface GetMemory {
    /** @throws dev.pmmemory.application.NotFoundException when the profile has no such memory */
    MemoryDetail get(String profileId, String memoryId);

    /**
     * The memory and its version chain as they were at the query's as_of (none: now), with its audit trail.
     *
     * @throws dev.pmmemory.application.NotFoundException also when nothing of it had been said by as_of
     */
    MemoryDetail get(GetMemoryQuery query);
}
