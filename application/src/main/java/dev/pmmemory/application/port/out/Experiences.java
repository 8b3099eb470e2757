package dev.pmmemory.application.port.out;

import dev.pmmemory.domain.experience.Experience;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/** The lessons of finished recommendation rounds, per profile. Used inside a {@link MemoryStore} transaction. */
public interface Experiences {

    /** Stores a new experience; an id used before fails. Experiences are never changed afterwards. */
    void insert(Experience experience);

    /**
     * Experiences of the profile created at or before {@code asOf} with at least one of {@code terms}
     * among their keywords (what recall may pick); served by an index, not a scan of the profile.
     */
    List<Experience> findSharingTerms(String profileId, Instant asOf, Collection<String> terms);

    /** The {@code limit} newest: created_at desc, then id desc. */
    List<Experience> newestFirst(String profileId, int limit);

    long countByProfile(String profileId);

    /** Erase (data rights): removes every experience of the profile with its lookup rows; returns how many. */
    int deleteProfile(String profileId);
}
