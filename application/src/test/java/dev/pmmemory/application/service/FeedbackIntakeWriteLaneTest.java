package dev.pmmemory.application.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.UseCases;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Group commit follows the store's write lanes: one lane for several profiles, one transaction for their adds. */
class FeedbackIntakeWriteLaneTest {
    private static final Instant T0 = Instant.parse("2026-05-01T09:00:00Z");

    /** The in-memory store (one lane for all profiles), recording the profiles of each transaction. */
    private static final class RecordingStore implements MemoryStore {
        final InMemoryMemoryStore inner = new InMemoryMemoryStore();
        final List<Set<String>> transactions = Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch release = new CountDownLatch(1);
        volatile boolean holdFirst = true;

        @Override
        public String writeLane(String profileId) {
            return inner.writeLane(profileId);
        }

        @Override
        public <T> T write(String profileId, Function<StoreTransaction, T> work) {
            return writeAll(Set.of(profileId), work);
        }

        @Override
        public <T> T writeAll(Set<String> profileIds, Function<StoreTransaction, T> work) {
            if (holdFirst) {
                holdFirst = false;
                try { // the first transaction waits until the test has queued the others behind it
                    release.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            transactions.add(Set.copyOf(profileIds));
            return inner.writeAll(profileIds, work);
        }

        @Override
        public <T> T read(Function<StoreTransaction, T> work) {
            return inner.read(work);
        }

        @Override
        public boolean isAvailable() {
            return true;
        }

        @Override
        public boolean claimJobRun(String job, Instant periodStart) {
            return inner.claimJobRun(job, periodStart);
        }

        @Override
        public boolean jobRunClaimed(String job, Instant periodStart) {
            return inner.jobRunClaimed(job, periodStart);
        }

        @Override
        public boolean shredDeleted() {
            return true;
        }
    }

    @Test
    void addsOfTwoProfilesQueuedBehindOneWriteShareTheNextTransactionAndKeepTheirOwnRules() throws Exception {
        RecordingStore store = new RecordingStore();
        FeedbackIntake intake = UseCases.feedbackIntake(store, Clock.fixed(T0, ZoneOffset.UTC));
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Future<FeedbackResult> first = pool.submit(() -> intake.add(UseCases.feedback("pm-a", "OpenAI 估值高！", T0)));
            waitUntil(() -> !store.holdFirst);
            List<Thread> waiting = Collections.synchronizedList(new ArrayList<>());
            Future<FeedbackResult> a = pool.submit(() -> {
                waiting.add(Thread.currentThread());
                return intake.add(UseCases.feedback("pm-a", "OpenAI 估值高！", T0.plusSeconds(1)));
            });
            Future<FeedbackResult> b = pool.submit(() -> {
                waiting.add(Thread.currentThread());
                return intake.add(UseCases.feedback("pm-b", "OpenAI 估值高！", T0.plusSeconds(2)));
            });
            // both followers parked behind the held leader (not yet given their turn)
            waitUntil(() -> waiting.size() == 2
                    && waiting.stream().allMatch(t -> t.getState() == Thread.State.WAITING));
            store.release.countDown();

            assertThat(first.get(5, TimeUnit.SECONDS).outcome()).isEqualTo(FeedbackOutcome.CREATED);
            assertThat(a.get(5, TimeUnit.SECONDS).outcome()).isEqualTo(FeedbackOutcome.DEDUPLICATED);
            assertThat(b.get(5, TimeUnit.SECONDS).outcome()).isEqualTo(FeedbackOutcome.CREATED);
            assertThat(store.transactions).containsExactly(Set.of("pm-a"), Set.of("pm-a", "pm-b"));
            assertThat(b.get().memory().orElseThrow().memory().profileId()).isEqualTo("pm-b");
            assertThat(b.get().memory().orElseThrow().memory().weight()).isEqualTo(1);
            assertThat(a.get().memory().orElseThrow().memory().weight()).isEqualTo(2);
        } finally {
            store.release.countDown();
            pool.shutdownNow();
        }
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not reached within 5 s");
            }
            Thread.sleep(5);
        }
    }
}
