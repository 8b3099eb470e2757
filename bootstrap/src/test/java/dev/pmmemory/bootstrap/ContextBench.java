package dev.pmmemory.bootstrap;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.recall.HybridMatch;
import dev.pmmemory.domain.text.TextAnalyzer;
import dev.pmmemory.domain.text.TextNormalizer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * bench/context: context latency in one profile of 1,000 / 10,000 / 100,000 memories (issue 11).
 *
 * <p>The profile is filled through the store port (insert, in transactions of {@value #CHUNK}) with
 * generated PM text analysed by the real {@link TextAnalyzer}, so its terms are those the write path
 * would store: 200 companies, dates, 估值 in ≈ 15 % of the memories (the shared term), a project code
 * shared by about two memories (the rare term). The profile grows 1k → 10k → 100k; at each size
 * {@link ContextRecall} (the use case behind GET …/context) answers timed queries
 * per kind (-Dpm.bench.context.queries, default 200) after 30 untimed ones, semantic recall off and on
 * (on up to -Dpm.bench.context.semantic-max).
 *
 * <p>Semantic recall uses {@link BenchEmbeddings} (a deterministic hashed bag of terms, 512
 * dimensions like bge-small-zh): the store-side work (reading and scanning the vectors) is what is
 * measured; the real model's query embedding adds its own constant (bench/context/README.md).
 *
 * <p>Run by {@link SqliteContextBenchTest} and {@link PostgresContextBenchTest} only with
 * -Dpm.bench.context=true; sizes by -Dpm.bench.context.sizes (default 1000,10000,100000).
 */
final class ContextBench {
    static final int CHUNK = 2_000;
    static final int WARMUP = Integer.getInteger("pm.bench.context.warmup", 30);
    static final int MEASURED = Integer.getInteger("pm.bench.context.queries", 200);
    /** Semantic recall is measured up to this size (its baseline reads every vector per query). */
    static final int SEMANTIC_MAX = Integer.getInteger("pm.bench.context.semantic-max", Integer.MAX_VALUE);
    static final int COMPANIES = 200;
    /** Also time the keyword-only cells with recall counting on (a counter flushed every 100 ms in the background). */
    static final boolean COUNTING = Boolean.getBoolean("pm.bench.context.counting");
    static final Instant NOW = Instant.parse("2026-06-30T12:00:00Z");
    /** The past instant of the as_of rows: a week before NOW. */
    static final Instant AS_OF = NOW.minus(Duration.ofDays(7));
    static final String HEADER = "store,memories,query_kind,semantic,p50_ms,p99_ms";

    private static final Lexicon LEXICON = Lexicon.loadDefault();
    private static final TextAnalyzer ANALYZER = TextAnalyzers.from(LEXICON);
    private static final String[] SECTORS = {"大模型", "机器人", "芯片", "新能源", "医疗", "SaaS", "出海", "消费",
            "自动驾驶", "具身智能"};
    private static final String[] NEGATIVE = {"商业化弱", "团队太小", "赛道小", "太贵了", "增长不行", "毛利差",
            "客户集中度太高", "技术壁垒弱"};
    private static final String[] ADVANCE = {"可以推进", "约一下创始人", "见一下团队", "感兴趣，聊聊", "可以投"};
    private static final String[] POSITIVE = {"团队不错", "产品有意思", "收入增长是亮点", "看好这个方向"};
    private static final String[] MARKET = {"赛道最近热", "融资趋势回暖", "在火，估值水涨船高", "出海趋势明显"};
    private static final String[] TEMP = {"本周在出差", "下周再看材料", "最近忙，先放一放", "在路上，晚点回"};

    private ContextBench() {
    }

    record Row(String store, int memories, String kind, boolean semantic, double p50, double p99) {
        String csv() {
            return String.format(Locale.ROOT, "%s,%d,%s,%s,%.2f,%.2f", store, memories, kind, semantic ? "on" : "off",
                    p50, p99);
        }
    }

    static List<Integer> sizes() {
        return Arrays.stream(System.getProperty("pm.bench.context.sizes", "1000,10000,100000").split(","))
                .map(String::strip).map(Integer::parseInt).sorted().toList();
    }

    /** Fills one profile size by size, measures at each, returns the rows (also printed). */
    static List<Row> run(String storeName, MemoryStore store) {
        return run(storeName, store, () -> { });
    }

    /** @param afterFill run after each size is stored, before it is measured (PostgreSQL: fresh planner statistics) */
    static List<Row> run(String storeName, MemoryStore store, Runnable afterFill) {
        String profile = "bench-context-" + System.currentTimeMillis();
        BenchEmbeddings model = new BenchEmbeddings();
        Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);
        ContextRecall keywordOnly = new ContextRecall(store, LEXICON, ANALYZER, clock);
        ContextRecall semantic = new ContextRecall(store, LEXICON, ANALYZER, clock, Optional.of(model),
                HybridMatch.defaults(model.unrelatedCosine()));
        List<Row> rows = new ArrayList<>();
        int stored = 0;
        for (int size : sizes()) {
            long t0 = System.nanoTime();
            stored = fill(store, profile, model, stored, size);
            afterFill.run();
            System.out.printf(Locale.ROOT, "CONTEXT-BENCH %s: %d memories stored (fill %.1f s)%n", storeName, size,
                    (System.nanoTime() - t0) / 1e9);
            for (boolean on : new boolean[] {false, true}) {
                if (on && size > SEMANTIC_MAX) {
                    continue;
                }
                ContextRecall recall = on ? semantic : keywordOnly;
                for (String kind : List.of("shared", "rare")) {
                    IntFunction<String> query = kind.equals("shared")
                            ? i -> company(i * 7 + 3) + " 估值"
                            : i -> projectCode(Math.floorMod(i * 7919 + 11, size / 2));
                    rows.add(time(storeName, size, kind, on, recall, profile, query, null));
                    System.out.println("CONTEXT-BENCH " + rows.get(rows.size() - 1).csv());
                    if (!on && COUNTING) {
                        rows.add(counted(storeName, size, kind, store, clock, profile, query));
                        System.out.println("CONTEXT-BENCH " + rows.get(rows.size() - 1).csv());
                    }
                    if (!on) {
                        // the same reads as of a week ago: the memories said again since are taken back to then
                        rows.add(time(storeName, size, kind + "-asof", false, recall, profile, query, AS_OF));
                        System.out.println("CONTEXT-BENCH " + rows.get(rows.size() - 1).csv());
                    }
                }
            }
            System.out.println("CONTEXT-BENCH " + storeName + " " + size + ": " + ContextBenchBreakdown.describe(
                    store, profile, NOW, ANALYZER, model, company(3) + " 估值", projectCode(11)));
            System.out.println("CONTEXT-BENCH " + storeName + " " + size + ": " + ContextBenchBreakdown.describePast(
                    store, profile, AS_OF, ANALYZER, company(3) + " 估值"));
        }
        return rows;
    }

    /**
     * The keyword-only cell with recall counting on, as deployed: each context adds to the counter, a background
     * thread flushes it (every 100 ms here, 100× the default rate, so flushes overlap the timed calls).
     */
    private static Row counted(String storeName, int size, String kind, MemoryStore store, Clock clock, String profile,
                               IntFunction<String> query) {
        dev.pmmemory.application.service.RecallCounter counter = new dev.pmmemory.application.service.RecallCounter(store);
        ContextRecall recall = new ContextRecall(store, LEXICON, ANALYZER, clock, Optional.empty(), HybridMatch.defaults(0.0),
                dev.pmmemory.domain.recall.RankingMode.RELEVANCE, Optional.of(counter));
        java.util.concurrent.ScheduledExecutorService flusher = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
        flusher.scheduleWithFixedDelay(counter::flush, 100, 100, java.util.concurrent.TimeUnit.MILLISECONDS);
        try {
            return time(storeName, size, kind + "-counting", false, recall, profile, query, null);
        } finally {
            flusher.shutdownNow();
            counter.flush();
        }
    }

    private static Row time(String storeName, int size, String kind, boolean semantic, ContextRecall recall,
                            String profile, IntFunction<String> query, Instant asOf) {
        for (int i = 0; i < WARMUP; i++) {
            recall.recall(query(profile, query.apply(i + MEASURED), asOf));
        }
        double[] ms = new double[MEASURED];
        for (int i = 0; i < MEASURED; i++) {
            RecallContextQuery q = query(profile, query.apply(i), asOf);
            long t = System.nanoTime();
            ContextResult result = recall.recall(q);
            ms[i] = (System.nanoTime() - t) / 1e6;
            assertThat(result.items()).as("a context answers with memories").isNotEmpty();
        }
        Arrays.sort(ms);
        return new Row(storeName, size, kind, semantic, percentile(ms, 0.50), percentile(ms, 0.99));
    }

    private static RecallContextQuery query(String profile, String text, Instant asOf) {
        return new RecallContextQuery(profile, text, RecallContextQuery.DEFAULT_LIMIT, asOf, Set.of(), null);
    }

    /** Nearest rank. */
    static double percentile(double[] sorted, double p) {
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    /** Stores memories [from, to) of the profile, {@value #CHUNK} per transaction, then their vectors. */
    private static int fill(MemoryStore store, String profile, Embeddings model, int from, int to) {
        for (int start = from; start < to; start += CHUNK) {
            int first = start;
            int last = Math.min(to, start + CHUNK);
            List<Memory> chunk = new ArrayList<>();
            for (int i = first; i < last; i++) {
                chunk.add(memory(profile, i));
            }
            store.write(profile, tx -> {
                for (Memory m : chunk) {
                    mentions(m).forEach(tx.rawMessages()::append);
                    tx.memories().insert(m);
                }
                return null;
            });
            // vectors in a transaction of their own, after their memories' (written so when PostgreSQL
            // flushed memories at commit; harmless now that every statement runs when called)
            store.write(profile, tx -> {
                chunk.forEach(m -> tx.vectors().put(profile, m.id(), model.model(), model.embed(m.content())));
                return null;
            });
        }
        return to;
    }

    static String company(int i) {
        return "Nova" + Math.floorMod(i, COMPANIES);
    }

    /** About two memories share each code at any size (memory i carries code i / 2). */
    static String projectCode(int i) {
        return "PRJ" + Integer.toString(100_000 + i, 36).toUpperCase(Locale.ROOT);
    }

    /** Memory {@code i} of the profile: the same text, type, weight and times on every run. */
    static Memory memory(String profile, int i) {
        Random r = new Random(i * 0x9E3779B97F4A7C15L + 17);
        String company = company(r.nextInt(COMPANIES));
        String date = (1 + r.nextInt(12)) + "月" + (1 + r.nextInt(28)) + "日";
        String code = projectCode(i / 2);
        boolean valuation = r.nextInt(100) < 15;
        int roll = r.nextInt(1000);
        MemoryType type;
        String text;
        int maxAgeDays;
        if (roll < 5) {
            type = MemoryType.LONG_TERM_PREFERENCE;
            text = "以后少推" + SECTORS[r.nextInt(SECTORS.length)] + "项目（" + code + "）";
            maxAgeDays = 300;
        } else if (roll < 400) {
            type = MemoryType.PROJECT_NEGATIVE;
            text = company + " " + pick(r, NEGATIVE) + (valuation ? "，估值高" : "") + "，" + date + "复盘 " + code;
            maxAgeDays = 29;
        } else if (roll < 600) {
            type = MemoryType.PROJECT_ADVANCE;
            text = company + " " + pick(r, ADVANCE) + (valuation ? "，估值合理" : "") + "，" + date + " " + code;
            maxAgeDays = 29;
        } else if (roll < 800) {
            type = MemoryType.PROJECT_POSITIVE;
            text = company + " " + pick(r, POSITIVE) + (valuation ? "，估值也还行" : "") + "，" + date + " " + code;
            maxAgeDays = 29;
        } else if (roll < 950) {
            type = MemoryType.MARKET_INFO;
            text = SECTORS[r.nextInt(SECTORS.length)] + pick(r, MARKET) + (valuation ? "，一级市场估值" : "")
                    + "，" + date + " " + code;
            maxAgeDays = 6;
        } else {
            type = MemoryType.TEMP_STATUS;
            text = pick(r, TEMP) + "，" + date + " " + code;
            maxAgeDays = 2;
        }
        Instant lastSeen = NOW.minusSeconds(1 + r.nextInt(maxAgeDays * 86_400));
        int weight = 1 + (r.nextInt(100) < 20 ? r.nextInt(14) : 0);
        Instant created = lastSeen.minusSeconds(weight > 1 ? r.nextInt(86_400) : 0);
        TextAnalyzer.Analysis analysis = ANALYZER.analyze(text);
        Optional<Duration> ttl = LEXICON.ruleFor(type).ttl();
        return new Memory.Builder().id(profile + "-m" + i).profileId(profile).type(type)
                .content(text).normalizedContent(TextNormalizer.normalise(text))
                .entities(analysis.entities()).keywords(analysis.keywords()).weight(weight)
                .status(MemoryStatus.ACTIVE).source(Source.EXPLICIT).createdAt(created).lastSeenAt(lastSeen)
                .validFrom(created).expiresAt(ttl.map(lastSeen::plus).orElse(null))
                .sourceMessageIds(java.util.stream.IntStream.range(0, weight).mapToObj(k -> profile + "-m" + i + "-r" + k)
                        .toList()).build();
    }

    /**
     * The messages behind a memory, as the write path keeps them: one per mention, the first when it was
     * created, the last when it was last seen, the others evenly between (what as_of reads the past from).
     */
    static List<RawMessage> mentions(Memory m) {
        List<RawMessage> out = new ArrayList<>();
        int n = m.sourceMessageIds().size();
        long span = Duration.between(m.createdAt(), m.lastSeenAt()).toMillis();
        for (int k = 0; k < n; k++) {
            Instant said = n == 1 ? m.createdAt() : m.createdAt().plusMillis(span * k / (n - 1));
            out.add(new RawMessage(m.sourceMessageIds().get(k), m.profileId(), null, null, Source.EXPLICIT,
                    m.content(), said, said, FeedbackOutcome.CREATED, m.id(), List.of(), List.of()));
        }
        return out;
    }

    private static String pick(Random r, String[] options) {
        return options[r.nextInt(options.length)];
    }

    /**
     * Writes the rows to the CSV ({@value #HEADER}), keeping the rows of other stores already in it,
     * so each store's test can be re-run alone.
     */
    static void writeCsv(List<Row> rows) {
        Path csv = Path.of(System.getProperty("pm.bench.context.csv", "../bench/results/context-latency.csv"));
        try {
            List<String> lines = new ArrayList<>();
            lines.add(HEADER);
            Set<String> stores = new java.util.HashSet<>();
            rows.forEach(r -> stores.add(r.store()));
            if (Files.exists(csv)) {
                Files.readAllLines(csv, StandardCharsets.UTF_8).stream().skip(1)
                        .filter(l -> !l.isBlank() && !stores.contains(l.split(",", 2)[0])).forEach(lines::add);
            }
            rows.forEach(r -> lines.add(r.csv()));
            Files.createDirectories(csv.toAbsolutePath().getParent());
            Files.write(csv, lines, StandardCharsets.UTF_8);
            System.out.println("CONTEXT-BENCH wrote " + csv.toAbsolutePath().normalize());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
