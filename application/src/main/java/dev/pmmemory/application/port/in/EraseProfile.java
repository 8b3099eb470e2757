package dev.pmmemory.application.port.in;

/** Data rights: physically removes everything of a profile; the audit keeps content-free tombstones. */
public interface EraseProfile {
    /** @throws dev.pmmemory.application.NotFoundException when the profile holds nothing to erase */
    Erasure erase(String profileId, String actor);

    /**
     * What went: counts only (the tombstone records the same).
     *
     * @param storageShredded whether the store also removed its own copies of the deleted bytes (see
     *                        {@link dev.pmmemory.application.port.out.MemoryStore#shredDeleted})
     */
    record Erasure(String profileId, int rawMessages, int memories, int experiences, int facts,
                   int auditEventsScrubbed, java.time.Instant erasedAt, boolean storageShredded) {
    }
}
