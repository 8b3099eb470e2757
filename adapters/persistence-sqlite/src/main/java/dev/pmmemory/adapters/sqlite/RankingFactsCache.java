package dev.pmmemory.adapters.sqlite;

import dev.pmmemory.domain.memory.MemoryType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What semantic recall reads of a profile on every call (each memory's ranking columns, recall
 * window and vector), kept while no write of that profile has committed since it was read: a
 * bot's turns between two messages then cost a scan over memory, not 10,000 rows through JDBC.
 *
 * <p>Every write transaction takes a number from one sequence when it ends ({@link #written}); a
 * read takes the sequence's value before its snapshot starts ({@link #sequence}). What a read built
 * is kept only if no write of the profile took a number after that value, and served only while
 * none has since, so it never holds a write the store's snapshot would not show, nor misses one.
 * SQLite has one writing process (this one), so the sequence sees every write.
 *
 * <p>Bounded by rows, not profiles: all snapshots together hold at most {@code capacity} rows (the
 * vector cache's size, whose arrays they share); a profile larger than that is read each time.
 */
final class RankingFactsCache {

    /** A memory not yet retired when the snapshot was read, with its window to decide visibility later. */
    record Row(String id, MemoryType type, int weight, long lastSeenAt, long expiresAt, Long validFrom,
               Long validUntil, float[] vector) {
        /** SqliteMemories.VISIBLE, in Java. */
        boolean visibleAt(long t) {
            return expiresAt > t && validFrom != null && validFrom <= t && (validUntil == null || validUntil > t);
        }
    }

    private record Snapshot(long sequence, long readAt, List<Row> rows) {
    }

    private final int capacity;
    private final AtomicLong writes = new AtomicLong();
    private final Map<String, Long> lastWrite = new ConcurrentHashMap<>();
    private final Map<String, Snapshot> snapshots = new HashMap<>();
    private int rowsHeld;

    RankingFactsCache(int capacity) {
        this.capacity = capacity;
    }

    /** The sequence now: taken by a read before its snapshot starts. */
    long sequence() {
        return writes.get();
    }

    /**
     * A write transaction of the profile begins: until it ends nothing of the profile is served or
     * kept, so a read whose snapshot starts between its commit and {@link #written} cannot be served
     * what was read before it.
     */
    void writing(String profileId) {
        lastWrite.put(profileId, Long.MAX_VALUE);
    }

    /** A write transaction of the profile ended (committed or not). */
    void written(String profileId) {
        lastWrite.put(profileId, writes.incrementAndGet());
    }

    /**
     * The rows read for the profile and model, if no write of the profile ended since and the
     * instant asked is not before the one they were read at (rows retired by then are not held).
     */
    synchronized List<Row> get(String profileId, String model, long asOf) {
        Snapshot s = snapshots.get(key(profileId, model));
        if (s == null || asOf < s.readAt()) {
            return null;
        }
        if (lastWrite.getOrDefault(profileId, 0L) > s.sequence()) {
            snapshots.remove(key(profileId, model)); // stale for good: a later read replaces it
            rowsHeld -= s.rows().size();
            return null;
        }
        return s.rows();
    }

    /** Keeps what a read that started at {@code sequence} found, unless a write of the profile ended since. */
    synchronized void put(String profileId, String model, long sequence, long readAt, List<Row> rows) {
        if (lastWrite.getOrDefault(profileId, 0L) > sequence || rows.size() > capacity) {
            return;
        }
        Snapshot old = snapshots.remove(key(profileId, model));
        if (old != null) {
            rowsHeld -= old.rows().size();
        }
        if (rowsHeld + rows.size() > capacity) {
            snapshots.clear();
            rowsHeld = 0;
        }
        snapshots.put(key(profileId, model), new Snapshot(sequence, readAt, List.copyOf(rows)));
        rowsHeld += rows.size();
    }

    /** An erased profile leaves nothing of it in memory. */
    synchronized void forgetProfile(String profileId) {
        snapshots.entrySet().removeIf(e -> {
            boolean mine = e.getKey().startsWith(profileId + '\u0000');
            if (mine) {
                rowsHeld -= e.getValue().rows().size();
            }
            return mine;
        });
    }

    private static String key(String profileId, String model) {
        return profileId + '\u0000' + model;
    }
}
