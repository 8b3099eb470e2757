package dev.pmmemory.application.service;

import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.RecallTally;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Counts the memories a present context returned (docs/rules.md "Recall counts") off the request path:
 * a recall only adds to an in-memory tally; {@link #flush} (a background task) writes the tallies in one
 * batch. A flush takes the tallies out before it writes them and never puts them back, so a failed flush
 * (or a crash) loses counts and never counts a recall twice.
 */
public final class RecallCounter {
    private static final System.Logger LOG = System.getLogger(RecallCounter.class.getName());

    private final MemoryStore store;
    private Map<Key, RecallTally> pending = new HashMap<>();

    public RecallCounter(MemoryStore store) {
        this.store = Objects.requireNonNull(store);
    }

    private record Key(String profileId, String memoryId) {
    }

    /** One recall of {@code profileId} at {@code at} returned these memories (each counted once). */
    public void recalled(String profileId, Collection<String> memoryIds, Instant at) {
        if (memoryIds.isEmpty()) {
            return;
        }
        synchronized (this) {
            for (String id : new java.util.LinkedHashSet<>(memoryIds)) {
                pending.merge(new Key(profileId, id), new RecallTally(profileId, id, 1, at),
                        (a, b) -> new RecallTally(profileId, id, a.times() + 1,
                                b.lastAt().isAfter(a.lastAt()) ? b.lastAt() : a.lastAt()));
            }
        }
    }

    /** How many memories wait for the next flush. */
    public synchronized int waiting() {
        return pending.size();
    }

    /**
     * Writes the tallies counted so far; returns how many memories were counted. The tallies are taken
     * out first: recalls counted while this writes wait for the next flush.
     */
    public int flush() {
        List<RecallTally> drained;
        synchronized (this) {
            if (pending.isEmpty()) {
                return 0;
            }
            drained = new ArrayList<>(pending.values());
            pending = new HashMap<>();
        }
        try {
            return store.addRecalls(drained);
        } catch (RuntimeException e) {
            // dropped, not retried: a retry could count again what a half-reported commit already counted
            LOG.log(System.Logger.Level.WARNING, "recall counts of {0} memories lost: {1}", drained.size(),
                    e.getMessage());
            return 0;
        }
    }
}
