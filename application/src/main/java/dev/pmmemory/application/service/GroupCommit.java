package dev.pmmemory.application.service;

import dev.pmmemory.application.StoreUnavailableException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * Group commit by leader and followers: concurrent writes of one key (a write lane: a profile, or
 * on SQLite the whole store) share one transaction and one commit instead of queueing for one each.
 *
 * <p>A caller queues its item under its key. If no caller of that key is running a group, it
 * becomes the leader: it takes the queued items (in arrival order, itself first, at most
 * {@code maxGroup}), runs them in one transaction on its own thread, and hands each follower its
 * result. Followers simply wait; there is no writer thread to hand work to. When the leader is
 * done and items are still queued, the oldest waiting caller becomes the next leader. So every
 * caller is answered only after the commit that holds its item, and within a key the items are
 * applied in the order they arrived (each one sees the effects of those before it).
 *
 * <p>One item failing must not fail the others: when a group's transaction throws (everything
 * rolled back), its items are run again one transaction each, in the same order, and only the
 * failing one gets its failure. A store that is unavailable fails the whole group at once:
 * retrying each item against it would only multiply the wait.
 *
 * @param <I> an item ready to write
 * @param <R> its result
 */
final class GroupCommit<I, R> {
    private final int maxGroup;
    private final BiFunction<String, List<I>, List<R>> group;
    private final BiFunction<String, I, R> alone;
    /** Keys with a leader at work or items queued; guarded by itself. */
    private final Map<String, Lane<I, R>> lanes = new HashMap<>();

    /**
     * @param maxGroup the most items one transaction takes (bounds how long one commit keeps its callers)
     * @param group    runs items of one key in one transaction, in order; one result per item
     * @param alone    runs one item in a transaction of its own
     */
    GroupCommit(int maxGroup, BiFunction<String, List<I>, List<R>> group, BiFunction<String, I, R> alone) {
        if (maxGroup < 1) {
            throw new IllegalArgumentException("maxGroup must be at least 1");
        }
        this.maxGroup = maxGroup;
        this.group = Objects.requireNonNull(group, "group");
        this.alone = Objects.requireNonNull(alone, "alone");
    }

    /** How many items of {@code key} wait for a transaction (tests wait on it instead of sleeping). */
    int queued(String key) {
        synchronized (lanes) {
            Lane<I, R> lane = lanes.get(key);
            return lane == null ? 0 : lane.queue.size();
        }
    }

    /** Writes {@code item} under {@code key}; returns once the transaction holding it has committed. */
    R submit(String key, I item) {
        Slot<I, R> mine = new Slot<>(item);
        Lane<I, R> lane;
        boolean leading;
        synchronized (lanes) {
            lane = lanes.computeIfAbsent(key, k -> new Lane<>());
            lane.queue.add(mine);
            leading = !lane.leaderAtWork;
            lane.leaderAtWork = true;
        }
        if (!leading && !mine.awaitResultOrLead()) {
            return mine.result();
        }
        Slot<I, R> next;
        try {
            runOneGroup(key, lane);
        } finally {
            synchronized (lanes) {
                next = lane.queue.peek();
                if (next == null) {
                    lane.leaderAtWork = false;
                    lanes.remove(key);
                }
            }
            if (next != null) {
                next.lead();
            }
        }
        return mine.result();
    }

    private void runOneGroup(String key, Lane<I, R> lane) {
        List<Slot<I, R>> slots = new ArrayList<>();
        synchronized (lanes) {
            while (slots.size() < maxGroup && !lane.queue.isEmpty()) {
                slots.add(lane.queue.poll());
            }
        }
        try {
            List<R> results = group.apply(key, slots.stream().map(Slot::item).toList());
            for (int i = 0; i < slots.size(); i++) {
                slots.get(i).complete(results.get(i), null);
            }
        } catch (StoreUnavailableException e) {
            slots.forEach(s -> s.complete(null, e));
        } catch (RuntimeException e) {
            if (slots.size() == 1) {
                slots.get(0).complete(null, e);
            } else {
                for (Slot<I, R> s : slots) {
                    runAlone(key, s);
                }
            }
        } catch (Error e) {
            slots.forEach(s -> s.complete(null, e));
            throw e;
        }
    }

    private void runAlone(String key, Slot<I, R> s) {
        try {
            s.complete(alone.apply(key, s.item()), null);
        } catch (RuntimeException | Error e) {
            s.complete(null, e);
        }
    }

    /** The callers of one key: those queued, and whether one of them leads a group now. */
    private static final class Lane<I, R> {
        final ArrayDeque<Slot<I, R>> queue = new ArrayDeque<>();
        boolean leaderAtWork;
    }

    /** One caller's item, and what it waits for: its result (or failure), or its turn to lead. */
    private static final class Slot<I, R> {
        private final I item;
        private boolean done;
        private boolean leading;
        private R result;
        private Throwable failure;

        Slot(I item) {
            this.item = item;
        }

        I item() {
            return item;
        }

        synchronized void complete(R r, Throwable f) {
            result = r;
            failure = f;
            done = true;
            notifyAll();
        }

        synchronized void lead() {
            leading = true;
            notifyAll();
        }

        /**
         * Waits, uninterruptibly (a leader always answers or hands over, in a finally), until this
         * caller's item is done (false) or it is this caller's turn to lead (true).
         */
        synchronized boolean awaitResultOrLead() {
            boolean interrupted = false;
            while (!done && !leading) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return !done;
        }

        synchronized R result() {
            if (!done) {
                throw new IllegalStateException("a group ended without answering one of its items");
            }
            if (failure instanceof RuntimeException re) {
                throw re;
            }
            if (failure instanceof Error err) {
                throw err;
            }
            return result;
        }
    }
}
