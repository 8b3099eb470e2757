package dev.pmmemory.application.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.StoreUnavailableException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class GroupCommitTest {

    /** A pretend store: one "transaction" at a time per key, recording what each one held. */
    private static final class Recorder {
        final List<List<Integer>> transactions = Collections.synchronizedList(new ArrayList<>());
        final List<Integer> applied = Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger concurrent = new AtomicInteger();
        final AtomicInteger maxConcurrent = new AtomicInteger();
        volatile CountDownLatch firstHeld = new CountDownLatch(0);

        List<String> run(List<Integer> items) {
            int now = concurrent.incrementAndGet();
            maxConcurrent.accumulateAndGet(now, Math::max);
            try {
                firstHeld.await(5, TimeUnit.SECONDS);
                List<String> out = new ArrayList<>();
                for (int i : items) {
                    if (i < 0) {
                        throw new IllegalArgumentException("item " + i + " breaks a rule");
                    }
                    out.add("r" + i);
                }
                transactions.add(List.copyOf(items));
                applied.addAll(items);
                return out;
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            } finally {
                concurrent.decrementAndGet();
            }
        }
    }

    @Test
    void a_lone_caller_gets_its_own_result_in_a_transaction_of_its_own() {
        Recorder store = new Recorder();
        GroupCommit<Integer, String> gc = new GroupCommit<>(8, (k, items) -> store.run(items),
                (k, item) -> store.run(List.of(item)).get(0));

        assertThat(gc.submit("p", 1)).isEqualTo("r1");
        assertThat(gc.submit("p", 2)).isEqualTo("r2");
        assertThat(store.transactions).containsExactly(List.of(1), List.of(2));
    }

    @Test
    void adds_arriving_while_a_transaction_runs_share_the_next_one_in_arrival_order() throws Exception {
        Recorder store = new Recorder();
        store.firstHeld = new CountDownLatch(1);
        GroupCommit<Integer, String> gc = new GroupCommit<>(64, (k, items) -> store.run(items),
                (k, item) -> store.run(List.of(item)).get(0));
        ExecutorService pool = Executors.newFixedThreadPool(11);
        try {
            Future<String> first = pool.submit(() -> gc.submit("p", 0));
            awaitConcurrent(store, 1); // the leader is inside its transaction
            List<Future<String>> later = new ArrayList<>();
            for (int i = 1; i <= 10; i++) {
                int item = i;
                later.add(pool.submit(() -> gc.submit("p", item)));
                awaitQueued(gc, i); // arrival order is the order of submit
            }
            Thread.sleep(50);
            store.firstHeld.countDown();

            assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo("r0");
            for (int i = 1; i <= 10; i++) {
                assertThat(later.get(i - 1).get(5, TimeUnit.SECONDS)).isEqualTo("r" + i);
            }
            assertThat(store.transactions).containsExactly(List.of(0), List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
            assertThat(store.maxConcurrent.get()).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void a_group_never_exceeds_its_bound_and_the_rest_follow_in_order() throws Exception {
        Recorder store = new Recorder();
        store.firstHeld = new CountDownLatch(1);
        GroupCommit<Integer, String> gc = new GroupCommit<>(3, (k, items) -> store.run(items),
                (k, item) -> store.run(List.of(item)).get(0));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<String>> all = new ArrayList<>();
            all.add(pool.submit(() -> gc.submit("p", 0)));
            awaitConcurrent(store, 1);
            for (int i = 1; i <= 7; i++) {
                int item = i;
                all.add(pool.submit(() -> gc.submit("p", item)));
                awaitQueued(gc, i);
            }
            Thread.sleep(50);
            store.firstHeld.countDown();
            for (Future<String> f : all) {
                f.get(5, TimeUnit.SECONDS);
            }
            assertThat(store.transactions).containsExactly(List.of(0), List.of(1, 2, 3), List.of(4, 5, 6), List.of(7));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void one_item_breaking_a_rule_fails_alone_and_the_others_of_its_group_are_written() throws Exception {
        Recorder store = new Recorder();
        store.firstHeld = new CountDownLatch(1);
        GroupCommit<Integer, String> gc = new GroupCommit<>(64, (k, items) -> store.run(items),
                (k, item) -> store.run(List.of(item)).get(0));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            Future<String> first = pool.submit(() -> gc.submit("p", 0));
            awaitConcurrent(store, 1);
            Future<String> a = pool.submit(() -> gc.submit("p", 1));
            awaitQueued(gc, 1);
            Future<String> bad = pool.submit(() -> gc.submit("p", -1));
            awaitQueued(gc, 2);
            Future<String> b = pool.submit(() -> gc.submit("p", 2));
            Thread.sleep(50);
            store.firstHeld.countDown();

            assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo("r0");
            assertThat(a.get(5, TimeUnit.SECONDS)).isEqualTo("r1");
            assertThat(b.get(5, TimeUnit.SECONDS)).isEqualTo("r2");
            assertThatThrownBy(() -> bad.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("item -1 breaks a rule");
            // the group's transaction was rolled back (nothing of it recorded), then each ran alone in order
            assertThat(store.applied).containsExactly(0, 1, 2);
            assertThat(store.transactions).containsExactly(List.of(0), List.of(1), List.of(2));
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void an_unavailable_store_fails_the_whole_group_without_retrying_each() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch inside = new CountDownLatch(1);
        GroupCommit<Integer, String> gc = new GroupCommit<>(64, (k, items) -> {
            calls.incrementAndGet();
            inside.countDown();
            try {
                held.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            throw new StoreUnavailableException("down", null);
        }, (k, item) -> {
            calls.incrementAndGet();
            throw new StoreUnavailableException("down", null);
        });
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            Future<String> first = pool.submit(() -> gc.submit("p", 0));
            assertThat(inside.await(5, TimeUnit.SECONDS)).isTrue();
            Future<String> a = pool.submit(() -> gc.submit("p", 1));
            Future<String> b = pool.submit(() -> gc.submit("p", 2));
            Thread.sleep(50);
            held.countDown();
            for (Future<String> f : List.of(first, a, b)) {
                assertThatThrownBy(() -> f.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(StoreUnavailableException.class);
            }
            assertThat(calls.get()).isEqualTo(2); // the first alone, then 1 and 2 together: no per-item retries
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void profiles_do_not_wait_for_each_others_groups() throws Exception {
        CountDownLatch bothInside = new CountDownLatch(2);
        GroupCommit<Integer, String> gc = new GroupCommit<>(64, (k, items) -> {
            bothInside.countDown();
            try {
                // each key's leader waits for the other key's leader to be inside too
                if (!bothInside.await(5, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("the other profile was kept waiting");
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return items.stream().map(i -> k + i).toList();
        }, (k, item) -> k + item);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<String> p = pool.submit(() -> gc.submit("p", 1));
            Future<String> q = pool.submit(() -> gc.submit("q", 1));
            assertThat(p.get(10, TimeUnit.SECONDS)).isEqualTo("p1");
            assertThat(q.get(10, TimeUnit.SECONDS)).isEqualTo("q1");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void many_callers_each_get_their_own_result_exactly_once() throws Exception {
        Recorder store = new Recorder();
        GroupCommit<Integer, String> gc = new GroupCommit<>(16, (k, items) -> store.run(items),
                (k, item) -> store.run(List.of(item)).get(0));
        ExecutorService pool = Executors.newFixedThreadPool(16);
        try {
            List<Future<String>> all = new ArrayList<>();
            for (int i = 0; i < 2000; i++) {
                int item = i;
                all.add(pool.submit(() -> gc.submit("p" + (item % 3), item)));
            }
            for (int i = 0; i < all.size(); i++) {
                assertThat(all.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("r" + i);
            }
            assertThat(store.applied).hasSize(2000).doesNotHaveDuplicates();
            assertThat(store.transactions).allSatisfy(t -> assertThat(t).hasSizeBetween(1, 16));
        } finally {
            pool.shutdownNow();
        }
    }

    /** Waits until {@code n} items of profile "p" are queued: the next submit then arrives after them. */
    private static void awaitQueued(GroupCommit<Integer, String> gc, int n) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (gc.queued("p") < n && System.nanoTime() < until) {
            Thread.sleep(1);
        }
        assertThat(gc.queued("p")).isEqualTo(n);
    }

    private static void awaitConcurrent(Recorder store, int n) throws InterruptedException {
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (store.concurrent.get() < n && System.nanoTime() < until) {
            Thread.sleep(1);
        }
        assertThat(store.concurrent.get()).isEqualTo(n);
    }
}
