package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * bench/context, team memory (docs/features.md "Team memory"): context latency for a member of a team
 * holding 10,000 team memories and 10,000 of its own, against a profile holding 20,000 of its own. The
 * same generated memories as {@link ContextBench}, keyword recall, K = 3; the size of each half is
 * -Dpm.bench.team-context.half (bench/context/README.md, "Team member context").
 */
final class TeamContextBench {
    private static final Lexicon LEXICON = Lexicon.loadDefault();
    private static final TextAnalyzer ANALYZER = TextAnalyzers.from(LEXICON);
    private static final int HALF = Integer.getInteger("pm.bench.team-context.half", 10_000);

    private TeamContextBench() {
    }

    /** Fills the empty {@code store}, runs {@code afterFill}, then times both queries; one line per query kind. */
    static List<String> run(String storeName, MemoryStore store, Runnable afterFill) {
        String solo = "bench-solo";
        String member = "bench-member";
        String team = "bench-desk";
        fill(store, solo, 0, 2 * HALF);
        fill(store, member, 0, HALF);
        fill(store, TeamOwner.of(team), HALF, 2 * HALF);
        store.write(TeamOwner.of(team), tx -> tx.teams().addMember(team, member, ContextBench.NOW));
        afterFill.run();
        ContextRecall recall = new ContextRecall(store, LEXICON, ANALYZER, Clock.fixed(ContextBench.NOW, ZoneOffset.UTC));
        List<String> lines = new ArrayList<>();
        for (String kind : List.of("shared", "rare")) {
            IntFunction<String> query = kind.equals("shared")
                    ? i -> ContextBench.company(i * 7 + 3) + " 估值"
                    : i -> ContextBench.projectCode(Math.floorMod(i * 7919 + 11, HALF));
            double[][] ms = timeAlternating(recall, solo, member, query);
            double[] soloMs = ms[0];
            double[] memberMs = ms[1];
            lines.add(String.format(Locale.ROOT, "TEAM-CONTEXT-BENCH %s %s: profile %d own p50 %.2f ms p99 %.2f"
                    + " ms; member %d own + %d team p50 %.2f ms p99 %.2f ms; p99 ratio %.2f", storeName, kind, 2 * HALF,
                    soloMs[0], soloMs[1], HALF, HALF, memberMs[0], memberMs[1], memberMs[1] / soloMs[1]));
        }
        lines.forEach(System.out::println);
        return lines;
    }

    private static void fill(MemoryStore store, String owner, int from, int to) {
        for (int start = from; start < to; start += ContextBench.CHUNK) {
            List<Memory> chunk = new ArrayList<>();
            for (int i = start; i < Math.min(to, start + ContextBench.CHUNK); i++) {
                chunk.add(ContextBench.memory(owner, i));
            }
            store.write(owner, tx -> {
                chunk.forEach(m -> {
                    ContextBench.mentions(m).forEach(tx.rawMessages()::append);
                    tx.memories().insert(m);
                });
                return null;
            });
        }
    }

    /**
     * p50 and p99 of {@link ContextBench#MEASURED} queries for each profile after {@link ContextBench#WARMUP}
     * untimed ones, the two asked in turn (the same query to one, then the other): on a shared machine the
     * load drifts, and alternating makes both sides pay the same drift.
     */
    private static double[][] timeAlternating(ContextRecall recall, String first, String second,
                                              IntFunction<String> query) {
        for (int i = 0; i < ContextBench.WARMUP; i++) {
            recall.recall(query(first, query.apply(i + ContextBench.MEASURED)));
            recall.recall(query(second, query.apply(i + ContextBench.MEASURED)));
        }
        double[] firstMs = new double[ContextBench.MEASURED];
        double[] secondMs = new double[ContextBench.MEASURED];
        for (int i = 0; i < firstMs.length; i++) {
            // who goes first swaps each time, so neither always runs on the other's warm caches
            boolean swap = i % 2 == 1;
            double a = timed(recall, swap ? second : first, query.apply(i));
            double b = timed(recall, swap ? first : second, query.apply(i));
            firstMs[i] = swap ? b : a;
            secondMs[i] = swap ? a : b;
        }
        return new double[][] {percentiles(firstMs), percentiles(secondMs)};
    }

    private static double timed(ContextRecall recall, String profile, String text) {
        RecallContextQuery q = query(profile, text);
        long t = System.nanoTime();
        ContextResult result = recall.recall(q);
        double ms = (System.nanoTime() - t) / 1e6;
        assertThat(result.items()).as("a context answers with memories").isNotEmpty();
        return ms;
    }

    private static double[] percentiles(double[] ms) {
        Arrays.sort(ms);
        return new double[] {ContextBench.percentile(ms, 0.50), ContextBench.percentile(ms, 0.99)};
    }

    private static RecallContextQuery query(String profile, String text) {
        return new RecallContextQuery(profile, text, RecallContextQuery.DEFAULT_LIMIT, null, Set.of(), null);
    }
}
