package dev.pmmemory.adapters.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.testing.UseCases;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cost of as_of (docs/rules.md "The past as it was"): context latency now vs at a past instant over
 * one profile of {@value #MEMORIES} memories said over a year, a fifth of them said again later. Off unless
 * -Dpm.bench.asof=true; prints the medians.
 */
@EnabledIfSystemProperty(named = "pm.bench.asof", matches = "true")
class SqliteAsOfBenchTest {
    private static final int MEMORIES = 3000;
    private static final int CALLS = 60;
    private static final String P = "bench-asof";
    private static final Instant T0 = Instant.parse("2025-06-01T00:00:00Z");
    private static final Clock NOW = Clock.fixed(T0.plus(Duration.ofDays(366)), ZoneOffset.UTC);
    private static final String[] SHAPES = {"%s 估值高", "%s 不错", "%s 约一下", "以后少推%s相关的项目", "%s 最近忙"};

    @Test
    void contextNowVersusAsOf(@TempDir Path dir) {
        try (SqliteMemoryStore store = SqliteMemoryStore.open(dir.resolve("bench.db"), NOW)) {
            FeedbackIntake intake = UseCases.feedbackIntake(store, NOW);
            Random random = new Random(42);
            long seedStart = System.nanoTime();
            for (int i = 0; i < MEMORIES; i++) {
                String text = SHAPES[i % SHAPES.length].formatted("Company" + i);
                Instant said = T0.plus(Duration.ofMinutes(random.nextInt(365 * 24 * 60)));
                intake.add(UseCases.feedback(P, text, said));
                if (i % 5 == 0) {
                    intake.add(UseCases.feedback(P, text, said.plus(Duration.ofDays(1 + random.nextInt(20)))));
                }
            }
            System.out.printf("as_of bench: seeded %d memories in %d ms%n", store.read(tx ->
                    tx.memories().countByProfile(P)), (System.nanoTime() - seedStart) / 1_000_000);

            ContextRecall recall = UseCases.contextRecall(store, NOW);
            Instant halfway = T0.plus(Duration.ofDays(183));
            Instant lastWeek = NOW.instant().minus(Duration.ofDays(7));
            for (String query : new String[] {"Company1234 估值", "海外早期项目"}) {
                double now = median(recall, query, null);
                double past = median(recall, query, halfway);
                double recent = median(recall, query, lastWeek);
                System.out.printf("as_of bench: query '%s': now %.1f ms, as_of half a year ago %.1f ms, "
                        + "as_of a week ago %.1f ms (median of %d)%n", query, now, past, recent, CALLS);
            }
            assertThat(recall.recall(UseCases.context(P, "Company1234", 3, halfway)).items()).isNotEmpty();
        }
    }

    private static double median(ContextRecall recall, String query, Instant asOf) {
        double[] ms = new double[CALLS];
        for (int i = 0; i < CALLS + 10; i++) {
            long start = System.nanoTime();
            ContextResult r = recall.recall(UseCases.context(P, query, 3, asOf));
            long took = System.nanoTime() - start;
            assertThat(r.items()).isNotNull();
            if (i >= 10) { // the first ten warm up
                ms[i - 10] = took / 1e6;
            }
        }
        Arrays.sort(ms);
        return ms[CALLS / 2];
    }
}
