package dev.pmmemory.application.port.in;

/** One memory with where it came from and how it changed. */
public interface GetMemory {
    /** @throws dev.pmmemory.application.NotFoundException when the profile has no such memory */
    MemoryDetail get(String profileId, String memoryId);
}
