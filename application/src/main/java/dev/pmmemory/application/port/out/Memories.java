package dev.pmmemory.application.port.out;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** The memories of every profile. Used inside a {@link MemoryStore} transaction. */
public interface Memories {

    void insert(Memory memory);

    /** Replaces the stored memory with the same id. */
    void update(Memory memory);

    Optional<Memory> findById(String profileId, String id);

    /** The active memory with this dedup key, if any (at most one exists). */
    Optional<Memory> findActiveDuplicate(String profileId, MemoryType type, String normalizedContent);

    /** Active memories of {@code type} naming at least one of {@code entityKeys}. */
    List<Memory> findActiveByEntities(String profileId, MemoryType type, Collection<String> entityKeys);

    /**
     * Every memory that may be visible at {@code asOf}: valid_from ≤ asOf, valid_until after it
     * (or none), expires_at after it (or none). Served by an index, so a profile's long history of
     * expired and superseded memories is not read.
     */
    List<Memory> findRecallCandidates(String profileId, Instant asOf);

    /** Memories wholly superseded by {@code id}: the versions before it. */
    List<Memory> findSupersededBy(String profileId, String id);

    /** Newest first (created_at desc, id desc), after the cursor position when given. */
    List<Memory> list(MemoryListQuery query);

    long countByProfile(String profileId);
}
