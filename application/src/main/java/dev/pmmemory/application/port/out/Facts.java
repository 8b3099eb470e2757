package dev.pmmemory.application.port.out;

import dev.pmmemory.domain.fact.Fact;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The versions of a profile's structured facts (rules.md §8). Used inside a {@link MemoryStore}
 * transaction. A version is written once; the only later change is closing it (valid_until), and
 * at most one version per (profile, attribute) is open.
 */
public interface Facts {

    /** Stores a new version; an id used before, or a second open version of the attribute, fails. */
    void insert(Fact fact);

    /** Sets the valid_until of an open version (it must exist and be open). */
    void close(String profileId, String factId, Instant validUntil);

    /** The attribute's latest version, open or closed: the one no other version supersedes. */
    Optional<Fact> latest(String profileId, String attribute);

    /** The versions valid at {@code asOf} (valid_from ≤ asOf < valid_until), one per attribute, by attribute. */
    List<Fact> validAt(String profileId, Instant asOf);

    /** Every version of one attribute, oldest first (valid_from, then recorded_at, then id). */
    List<Fact> history(String profileId, String attribute);

    /** Every version of every attribute of the profile, by attribute then oldest first (export). */
    List<Fact> allVersions(String profileId);

    long countByProfile(String profileId);

    /** Physically deletes every version of every fact of the profile (erase); returns how many. */
    int deleteProfile(String profileId);
}
