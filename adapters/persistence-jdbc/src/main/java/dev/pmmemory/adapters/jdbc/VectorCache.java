package dev.pmmemory.adapters.jdbc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;

/**
 * Vectors already read, by memory id, each with the stamp of the row it came from. Every write of a
 * vector row gives it a new random stamp, so a cached vector is used only while its row is the one
 * it was read from: semantic recall reads the stamps (from an index) and the 2 KB vectors only of the
 * rows it has not seen, instead of every visible memory's on every call.
 *
 * <p>For the stores' {@link MemoryVectors}, beside the encoding they share ({@link VectorBytes}); each
 * store gives every write of a vector row a new random stamp.
 *
 * <p>Bounded: once full, new vectors are not kept (read from the store each time) rather than
 * evicting others, so a profile larger than the cache costs what it did without one, not more.
 */
public final class VectorCache {
    private record Entry(String profileId, long stamp, float[] vector) {
    }

    /** A vector row's memory and stamp, as a store reads them without the vector. */
    public record Stamped(String memoryId, long stamp) {
    }

    /** A vector row read whole. */
    public record StoredVector(String memoryId, long stamp, float[] vector) {
    }

    /** The stamp of a vector row being written: random and never 0 (the stamp of rows written before stamps). */
    public static long newStamp() {
        long stamp;
        do {
            stamp = ThreadLocalRandom.current().nextLong();
        } while (stamp == 0);
        return stamp;
    }

    /**
     * The vectors of these rows: those cached under their stamp from here, the others read by
     * {@code read} (given their memory ids) and kept.
     */
    public Map<String, float[]> resolve(String profileId, List<Stamped> rows,
                                        Function<List<String>, List<StoredVector>> read) {
        Map<String, float[]> vectors = new HashMap<>(rows.size() * 4 / 3 + 1);
        List<String> unseen = new ArrayList<>();
        for (Stamped r : rows) {
            float[] cached = get(r.memoryId(), r.stamp());
            if (cached != null) {
                vectors.put(r.memoryId(), cached);
            } else {
                unseen.add(r.memoryId());
            }
        }
        if (!unseen.isEmpty()) {
            for (StoredVector v : read.apply(unseen)) {
                put(profileId, v.memoryId(), v.stamp(), v.vector());
                vectors.put(v.memoryId(), v.vector());
            }
        }
        return vectors;
    }

    private final int capacity;
    private final Map<String, Entry> byMemory = new ConcurrentHashMap<>();

    /** @param capacity vectors kept at most; 0 keeps none */
    public VectorCache(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must be >= 0");
        }
        this.capacity = capacity;
    }

    /** The vector read from the row with this stamp, or null. */
    public float[] get(String memoryId, long stamp) {
        Entry e = byMemory.get(memoryId);
        return e != null && e.stamp() == stamp ? e.vector() : null;
    }

    public void put(String profileId, String memoryId, long stamp, float[] vector) {
        if (byMemory.containsKey(memoryId) || byMemory.size() < capacity) {
            byMemory.put(memoryId, new Entry(profileId, stamp, vector));
        }
    }

    public void forget(String memoryId) {
        byMemory.remove(memoryId);
    }

    /** An erased profile leaves nothing of it in memory either. */
    public void forgetProfile(String profileId) {
        byMemory.values().removeIf(e -> e.profileId().equals(profileId));
    }

    public int size() {
        return byMemory.size();
    }
}
