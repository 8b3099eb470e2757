package dev.pmmemory.application.port.out;

import java.time.Instant;
import java.util.Set;
import java.util.function.Function;

/**
 * Transactions over the store. Everything one use case writes happens inside one
 * {@link #write} call and is committed together or not at all.
 *
 * <p>Writes of one profile are serialised by the store itself (a database lock, not an
 * in-process one, so several service instances on one database agree): a read-then-write such
 * as dedup or conflict resolution never races another, and N concurrent identical adds end as
 * one memory of weight N.
 */
public interface MemoryStore {

    /**
     * Runs {@code work} in a read-write transaction that holds the write lock of
     * {@code profileId}; rolls back if it throws.
     */
    <T> T write(String profileId, Function<StoreTransaction, T> work);

    /**
     * Which writes exclude one another: the writes of one lane never run at the same time, so group
     * commit may put several of them into one transaction ({@link #writeAll}) without serialising
     * anything that was not already. By default each profile is a lane of its own (a lock per profile).
     */
    default String writeLane(String profileId) {
        return profileId;
    }

    /**
     * {@link #write} for the profiles of one {@link #writeLane lane}: one transaction holding the write
     * lock of each of {@code profileIds}. By default a lane is one profile, so one profile is given.
     */
    default <T> T writeAll(Set<String> profileIds, Function<StoreTransaction, T> work) {
        if (profileIds.size() != 1) {
            throw new IllegalArgumentException("one profile per write lane on this store, given " + profileIds.size());
        }
        return write(profileIds.iterator().next(), work);
    }

    /**
     * Adds recall counts ({@link Memories#addRecalls}) and commits them. By default one transaction per
     * profile under its write lock; a store may count every profile in one transaction. Either all of a
     * transaction's tallies count or none, so a failed flush loses counts and never doubles them.
     *
     * @return how many memories were counted
     */
    default int addRecalls(java.util.Collection<RecallTally> tallies) {
        java.util.Map<String, java.util.List<RecallTally>> byProfile = new java.util.TreeMap<>();
        tallies.forEach(t -> byProfile.computeIfAbsent(t.profileId(), p -> new java.util.ArrayList<>()).add(t));
        int counted = 0;
        for (var profile : byProfile.entrySet()) {
            counted += write(profile.getKey(), tx -> tx.memories().addRecalls(profile.getValue()));
        }
        return counted;
    }

    /** Runs {@code work} on a consistent snapshot. */
    <T> T read(Function<StoreTransaction, T> work);

    /** Whether the store answers right now (readiness). */
    boolean isAvailable();

    /**
     * Claims the run of {@code job} for the schedule period starting at {@code periodStart}: true
     * for exactly one caller per (job, period), whichever instance on this database asks first, so
     * that a scheduled job runs once per period however many instances share the store.
     */
    boolean claimJobRun(String job, Instant periodStart);

    /** Whether the run of {@code job} for {@code periodStart} was claimed (by any instance), without claiming it. */
    boolean jobRunClaimed(String job, Instant periodStart);

    /**
     * Called after an erase has committed: leaves no copy of the deleted rows in the store's own files
     * where the store can promise it. SQLite deletes with secure_delete (freed bytes are zeroed) and
     * here checkpoints the WAL and truncates it; PostgreSQL keeps dead row versions until VACUUM
     * reuses their space, which only the operator's VACUUM (FULL) controls, so it does nothing here.
     *
     * @return whether the deleted bytes are now gone from the store's files: false on PostgreSQL, and on
     *         SQLite when a reader kept the WAL busy past the busy timeout (the next checkpoint completes it)
     */
    boolean shredDeleted();

    /** The repositories bound to one transaction. */
    interface StoreTransaction {
        Memories memories();

        RawMessages rawMessages();

        AuditTrail auditTrail();

        /** The memories' embeddings (semantic recall). */
        MemoryVectors vectors();

        /** Lessons from finished recommendation rounds (rules.md §10). */
        Experiences experiences();

        /** Structured facts, versioned (rules.md §8). */
        Facts facts();

        /** Which record ids are taken, in any profile (import). */
        StoredIds storedIds();

        /** The deployment-wide entity registry (not a profile's: no profile lock needed to read it). */
        EntityRegistry entityRegistry();

        /** Teams, their members and the authors of team memories (rules.md §12). */
        Teams teams();

        /** The sealed rows, for the re-encryption job (a store that seals nothing has none). */
        default SealedRows sealedRows() {
            return new NoSealedRows();
        }
    }
}
