package dev.pmmemory.application.service;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.RecallTally;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class RecallCounterTest {
    private static final Instant T = Instant.parse("2026-06-15T08:00:00Z");

    /** Records each flush's tallies; fails the flushes it is told to. */
    private static final class FlushLog implements MemoryStore {
        final List<List<RecallTally>> flushed = new ArrayList<>();
        boolean failing;

        @Override
        public int addRecalls(Collection<RecallTally> tallies) {
            if (failing) {
                throw new IllegalStateException("store down");
            }
            flushed.add(List.copyOf(tallies));
            return tallies.size();
        }

        @Override
        public <T> T write(String profileId, Function<StoreTransaction, T> work) {
            throw new UnsupportedOperationException();
        }

        @Override
        public <T> T read(Function<StoreTransaction, T> work) {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean isAvailable() {
            return true;
        }

        @Override
        public boolean claimJobRun(String job, Instant periodStart) {
            return true;
        }

        @Override
        public boolean jobRunClaimed(String job, Instant periodStart) {
            return false;
        }

        @Override
        public boolean shredDeleted() {
            return false;
        }
    }

    @Test
    void oneTallyPerMemoryWithItsCountAndLatestRecall() {
        FlushLog store = new FlushLog();
        RecallCounter counter = new RecallCounter(store);
        counter.recalled("p", List.of("a", "b"), T.plusSeconds(5));
        counter.recalled("p", List.of("a", "a"), T); // one recall returns a memory once
        counter.recalled("q", List.of("a"), T);

        assertThat(counter.flush()).isEqualTo(3);

        assertThat(store.flushed.get(0)).containsExactlyInAnyOrder(new RecallTally("p", "a", 2, T.plusSeconds(5)),
                new RecallTally("p", "b", 1, T.plusSeconds(5)), new RecallTally("q", "a", 1, T));
    }

    @Test
    void aFailedFlushLosesItsTalliesAndNeverCountsThemAgain() {
        FlushLog store = new FlushLog();
        RecallCounter counter = new RecallCounter(store);
        counter.recalled("p", List.of("a"), T);
        store.failing = true;

        assertThat(counter.flush()).isZero();

        store.failing = false;
        counter.recalled("p", List.of("a"), T.plusSeconds(1));
        counter.flush();
        assertThat(store.flushed).containsExactly(List.of(new RecallTally("p", "a", 1, T.plusSeconds(1))));
        assertThat(counter.waiting()).isZero();
    }

    @Test
    void nothingCountedNothingWritten() {
        FlushLog store = new FlushLog();
        new RecallCounter(store).flush();
        assertThat(store.flushed).isEmpty();
    }
}
