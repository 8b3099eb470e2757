package dev.pmmemory.application.port.in;

/**
 * A PM corrects a memory's content, type or expiry: the text is redacted, entities and keywords
 * extracted again, and the dedup and conflict rules re-applied to the corrected memory.
 */
public interface CorrectMemory {
    /**
     * @throws dev.pmmemory.application.NotFoundException      no such memory in the profile
     * @throws dev.pmmemory.application.StateConflictException the memory is superseded, rejected or deleted
     */
    MemoryChange correct(CorrectMemoryCommand command);
}
