package dev.pmmemory.adapters.sqlite;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * When each profile was last written, as a number from one sequence, so that what semantic recall
 * keeps of a profile ({@link dev.pmmemory.application.port.out.RankingRows}) is served only while
 * no write of it has ended since it was read. A read takes {@link #sequence} before its snapshot
 * starts; a write marks its profile {@link #writing} for its whole length and takes a number when
 * it ends ({@link #written}), so a read starting between the commit and that number is not served
 * rows from before the write either. SQLite has one writing process (this one): it sees every write.
 */
final class WriteSequence {
    private final AtomicLong writes = new AtomicLong();
    private final Map<String, Long> lastWrite = new ConcurrentHashMap<>();

    /** The sequence now: taken by a read before its snapshot starts. */
    long sequence() {
        return writes.get();
    }

    /** A write transaction of the profile begins. */
    void writing(String profileId) {
        lastWrite.put(profileId, Long.MAX_VALUE);
    }

    /** A write transaction of the profile ended (committed or not). */
    void written(String profileId) {
        lastWrite.put(profileId, writes.incrementAndGet());
    }

    /** Whether no write of the profile ended, or is under way, since a read took {@code sequence}. */
    boolean unchangedSince(String profileId, long sequence) {
        return lastWrite.getOrDefault(profileId, 0L) <= sequence;
    }
}
