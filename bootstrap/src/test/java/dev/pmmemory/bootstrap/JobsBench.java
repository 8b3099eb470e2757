package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.JobReport;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.service.ExpirySweep;
import dev.pmmemory.application.service.FrequencySummarizer;
import dev.pmmemory.application.service.MemoryCompaction;
import dev.pmmemory.application.service.RetentionPurge;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * bench/jobs: sweep, compact and purge over {@value #MEMORIES} memories of {@value #PROFILES} profiles,
 * with fixed clocks (the sweep and the compact after every memory expired, the purge after the
 * retention). The compact runs with max-priority 1.0, so the bench's project_negative memories
 * count as low priority and every profile's 1,000 fold into one summary. Run by
 * {@link SqliteJobsBenchTest} and {@link PostgresJobsBenchTest} only with -Dpm.bench.jobs=true.
 */
final class JobsBench {
    static final int MEMORIES = 100_000;
    static final int PROFILES = 100;
    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final Duration RETENTION = Duration.ofDays(180);

    private JobsBench() {
    }

    static void run(String storeName, MemoryStore store) {
        long start = System.nanoTime();
        int perProfile = MEMORIES / PROFILES;
        for (int p = 0; p < PROFILES; p++) {
            String profile = "bench-" + p;
            for (int from = 0; from < perProfile; from += 1000) {
                int first = from;
                store.write(profile, tx -> {
                    for (int i = first; i < Math.min(first + 1000, perProfile); i++) {
                        tx.memories().insert(memory(profile, i));
                    }
                    return null;
                });
            }
        }
        long seedMs = (System.nanoTime() - start) / 1_000_000;
        AtomicLong ids = new AtomicLong();

        Instant afterExpiry = T0.plus(Duration.ofDays(31));
        long t = System.nanoTime();
        JobReport sweep = new ExpirySweep(store, () -> "bench-ev-" + ids.incrementAndGet(), fixed(afterExpiry)).run();
        long sweepMs = (System.nanoTime() - t) / 1_000_000;
        t = System.nanoTime();
        JobReport sweepAgain = new ExpirySweep(store, () -> "bench-ev-" + ids.incrementAndGet(), fixed(afterExpiry))
                .run();
        long sweepAgainMs = (System.nanoTime() - t) / 1_000_000;
        t = System.nanoTime();
        JobReport compact = compaction(store, ids, afterExpiry).run();
        long compactMs = (System.nanoTime() - t) / 1_000_000;
        t = System.nanoTime();
        JobReport compactAgain = compaction(store, ids, afterExpiry).run();
        long compactAgainMs = (System.nanoTime() - t) / 1_000_000;
        Instant afterRetention = T0.plus(Duration.ofDays(30)).plus(RETENTION).plusSeconds(1);
        t = System.nanoTime();
        JobReport purge = new RetentionPurge(store, () -> "bench-ev-" + ids.incrementAndGet(), fixed(afterRetention),
                RETENTION).run();
        long purgeMs = (System.nanoTime() - t) / 1_000_000;

        assertThat(sweep.changed()).isEqualTo(MEMORIES);
        assertThat(sweepAgain.changed()).isZero();
        assertThat(compact.changed()).isEqualTo(MEMORIES);
        assertThat(compact.profiles()).isEqualTo(PROFILES);
        assertThat(compactAgain.changed()).isZero();
        assertThat(purge.changed()).as("the summaries are live, not purged").isEqualTo(MEMORIES);
        // the jobs' own clock is fixed, so their duration_ms is 0: wall time is measured around them
        System.out.printf("JOBS-BENCH %s: %d memories, %d profiles; seed %d ms; sweep %d ms (%d expired);"
                        + " sweep again %d ms (0); purge %d ms (%d removed)%n", storeName, MEMORIES, PROFILES, seedMs,
                sweepMs, sweep.changed(), sweepAgainMs, purgeMs, purge.changed());
        System.out.printf("JOBS-BENCH %s: compact %d ms (%d folded into %d summaries); compact again %d ms (0)%n",
                storeName, compactMs, compact.changed(), compact.profiles(), compactAgainMs);
    }

    /** Threshold 50 (the default), deterministic summaries, every type low priority (see the class comment). */
    private static MemoryCompaction compaction(MemoryStore store, AtomicLong ids, Instant now) {
        return new MemoryCompaction(store, Lexicon.loadDefault(), new FrequencySummarizer(),
                () -> "bench-ev-" + ids.incrementAndGet(), fixed(now), 50, 1.0);
    }

    private static Clock fixed(Instant at) {
        return Clock.fixed(at, ZoneOffset.UTC);
    }

    private static Memory memory(String profile, int i) {
        String id = profile + "-m" + i;
        return new Memory.Builder().id(id).profileId(profile).type(MemoryType.PROJECT_NEGATIVE)
                .content("bench memory " + i).normalizedContent("benchmemory" + i)
                .entities(List.of("Company" + (i % 50), "Fund" + (i % 7)))
                .keywords(List.of("k" + (i % 100), "估值", "bench")).weight(1).status(MemoryStatus.ACTIVE)
                .source(Source.EXPLICIT).createdAt(T0).lastSeenAt(T0).validFrom(T0)
                .expiresAt(T0.plus(Duration.ofDays(30))).sourceMessageIds(List.of()).build();
    }
}
