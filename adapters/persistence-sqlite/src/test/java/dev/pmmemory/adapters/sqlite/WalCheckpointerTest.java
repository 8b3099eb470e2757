package dev.pmmemory.adapters.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.testing.UseCases;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The log is copied into the file off the write lock (WalCheckpointer): whatever the checkpoint thread
 * does, every acknowledged add is kept and the log does not grow without bound.
 */
class WalCheckpointerTest {
    private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-05-02T00:00:00Z"), ZoneOffset.UTC);
    private static final int THREADS = 4;
    private static final int ADDS_PER_THREAD = 60;

    @TempDir
    Path dir;

    @Test
    void theCheckpointThreadHandsTheLogOverAndConcurrentAddsAreAllKept() throws Exception {
        Path file = dir.resolve("memory.db");
        long handOvers;
        // no commit bound: the writer checkpoints only when the thread hands the log over
        try (SqliteMemoryStore store = SqliteMemoryStore.open(file, CLOCK, 0,
                new WalCheckpointer.Policy(16, Long.MAX_VALUE, true))) {
            addConcurrently(UseCases.feedbackIntake(store, CLOCK), file, THREADS);
            handOvers = store.checkpointer().writerCheckpoints();
            assertThat(count(store)).isEqualTo(THREADS * ADDS_PER_THREAD);
        }
        assertThat(handOvers).as("checkpoints the writer finished for the thread").isPositive();
        try (SqliteMemoryStore reopened = SqliteMemoryStore.open(file, CLOCK)) {
            assertThat(count(reopened)).as("kept after close").isEqualTo(THREADS * ADDS_PER_THREAD);
        }
    }

    @Test
    void theWriterBoundsTheLogWhateverTheCheckpointThreadDoes() throws Exception {
        // the checkpoint thread does not run (as if it had failed): only the writer's commit count bounds the log
        long writerBound;
        try (SqliteMemoryStore store = SqliteMemoryStore.open(dir.resolve("writer.db"), CLOCK, 0,
                new WalCheckpointer.Policy(Long.MAX_VALUE, 4, false))) {
            writerBound = addConcurrently(UseCases.feedbackIntake(store, CLOCK), dir.resolve("writer.db"), 1);
        }
        // proves the check can fail: SQLite's own checkpoint lets the log reach 1,000 pages
        long sqliteOwn;
        try (SqliteMemoryStore store = SqliteMemoryStore.open(dir.resolve("own.db"), CLOCK, 0, null)) {
            sqliteOwn = addConcurrently(UseCases.feedbackIntake(store, CLOCK), dir.resolve("own.db"), 1);
        }
        assertThat(sqliteOwn).isGreaterThan(LOG_BOUND_BYTES);
        assertThat(writerBound).as("largest log seen").isLessThan(LOG_BOUND_BYTES);
    }

    /** 4 commits of one add each stay far below it; SQLite's 1,000-page automatic checkpoint does not. */
    private static final long LOG_BOUND_BYTES = 2L * 1024 * 1024;

    /** Adds from {@code threads} threads at once; returns the largest log file seen. */
    private static long addConcurrently(FeedbackIntake intake, Path file, int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Long>> runs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                runs.add(pool.submit(() -> {
                    long largest = 0;
                    for (int i = 0; i < ADDS_PER_THREAD; i++) {
                        String company = "Company" + thread + "x" + i;
                        var result = intake.add(UseCases.feedback("pm-" + thread, company + " 估值太高，先不看 "
                                + "商业化 赛道 团队 " + i, T0.plusSeconds(i)));
                        assertThat(result.outcome()).isEqualTo(FeedbackOutcome.CREATED);
                        largest = Math.max(largest, walBytes(file));
                    }
                    return largest;
                }));
            }
            long largest = 0;
            for (Future<Long> run : runs) {
                largest = Math.max(largest, run.get());
            }
            return largest;
        } finally {
            pool.shutdownNow();
        }
    }

    private static long walBytes(Path file) throws IOException {
        Path wal = file.resolveSibling(file.getFileName() + "-wal");
        return Files.exists(wal) ? Files.size(wal) : 0;
    }

    private static long count(SqliteMemoryStore store) {
        return store.read(tx -> {
            long n = 0;
            for (int t = 0; t < THREADS; t++) {
                n += tx.memories().countByProfile("pm-" + t);
            }
            return n;
        });
    }
}
