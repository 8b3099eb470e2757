package dev.pmmemory.application.port.out;

import java.time.Instant;
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

    /** The repositories bound to one transaction. */
    interface StoreTransaction {
        Memories memories();

        RawMessages rawMessages();

        AuditTrail auditTrail();

        /** The memories' embeddings (semantic recall). */
        MemoryVectors vectors();

        /** Lessons from finished recommendation rounds (DOMAIN.md §10). */
        Experiences experiences();

        /** Structured facts, versioned (DOMAIN.md §10). */
        Facts facts();
    }
}
