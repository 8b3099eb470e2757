package dev.pmmemory.adapters.postgres;

import dev.pmmemory.domain.memory.MemoryType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What semantic recall reads of a profile on every call (each memory's ranking columns, recall
 * window and vector), kept while the profile's version in {@code profile_versions} (V10) is the one
 * it was read under. Every write transaction of a profile changes that version in the database, so
 * a write by any instance on the same PostgreSQL makes what this instance kept stale. A read takes
 * the version before it reads the rows: rows newer than their version only cause one more read.
 * Versions are random, so one never comes back.
 *
 * <p>Bounded by rows (the vector cache's size, whose arrays the rows share); a larger profile is
 * read each time. Duplicated from the SQLite adapter, whose invalidation differs: adapters may not
 * depend on each other.
 */
final class RankingFactsCache {

    /** A memory not yet retired when read, with its window to decide visibility later (epoch ms). */
    record Row(String id, MemoryType type, int weight, long lastSeenAt, Long expiresAt, Long validFrom,
               Long validUntil, float[] vector) {
        /** PostgresMemories.VISIBLE, in Java (no expires_at: never expires). */
        boolean visibleAt(long t) {
            return validFrom != null && validFrom <= t && (validUntil == null || validUntil > t)
                    && (expiresAt == null || expiresAt > t);
        }
    }

    private record Snapshot(long version, long readAt, List<Row> rows) {
    }

    private final int capacity;
    private final Map<String, Snapshot> snapshots = new HashMap<>();
    private int rowsHeld;

    RankingFactsCache(int capacity) {
        this.capacity = capacity;
    }

    /** The rows read under this version of the profile, if the instant asked is not before their read. */
    synchronized List<Row> get(String profileId, String model, long version, long asOf) {
        Snapshot s = snapshots.get(key(profileId, model));
        if (s != null && s.version() != version) {
            snapshots.remove(key(profileId, model)); // stale for good: a later read replaces it
            rowsHeld -= s.rows().size();
            return null;
        }
        return s == null || asOf < s.readAt() ? null : s.rows();
    }

    synchronized void put(String profileId, String model, long version, long readAt, List<Row> rows) {
        if (rows.size() > capacity) {
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
        snapshots.put(key(profileId, model), new Snapshot(version, readAt, List.copyOf(rows)));
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
