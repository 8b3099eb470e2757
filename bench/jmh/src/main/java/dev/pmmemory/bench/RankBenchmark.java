package dev.pmmemory.bench;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.classify.RuleClassifier;
import dev.pmmemory.domain.lexicon.TypeRule;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.recall.ContextRanker;
import dev.pmmemory.domain.recall.RecallFilter;
import dev.pmmemory.domain.text.TextAnalyzer;
import dev.pmmemory.domain.text.TextNormalizer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Ranking one profile's candidate set for a context query (rules.md §6), top 3, at 100 and 1,000
 * memories. The memories are what the write path would have stored for the corpus messages
 * (redacted, classified, analysed), seen over the last 60 days with weights 1..5, so some are
 * expired at the query instant, as in a real profile.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RankBenchmark {
    static final Instant AS_OF = Instant.parse("2026-06-30T12:00:00Z");

    @Param({"100", "1000"})
    public int memories;

    private ContextRanker ranker;
    private List<Memory> candidates;
    private List<Set<String>> queries;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        Lexicon lexicon = Lexicon.loadDefault();
        TextAnalyzer analyzer = TextAnalyzers.from(lexicon);
        ranker = new ContextRanker(type -> lexicon.ruleFor(type).priority());
        candidates = profile(memories, lexicon, analyzer);
        queries = PmCorpus.queries().stream().map(analyzer::queryTerms).toList();
    }

    @Benchmark
    public Object rankTop3() {
        Set<String> terms = queries.get(next);
        next = (next + 1) % queries.size();
        return ranker.rank(terms, candidates, RecallFilter.NONE, AS_OF, 3);
    }

    /** {@code count} memories built from the corpus the way the write path stores them. */
    static List<Memory> profile(int count, Lexicon lexicon, TextAnalyzer analyzer) {
        Redactor redactor = new Redactor();
        RuleClassifier classifier = new RuleClassifier(lexicon);
        List<Memory> out = new ArrayList<>(count);
        for (int i = 0; out.size() < count; i++) {
            String text = redactor.redact(PmCorpus.message(i)).text();
            TextAnalyzer.Analysis analysis = analyzer.analyze(text);
            MemoryType type = classifier.classify(text, analysis.entities()).orElse(MemoryType.MARKET_INFO);
            Instant seen = AS_OF.minus(Duration.ofHours((i * 53L) % (60 * 24)));
            TypeRule rule = lexicon.ruleFor(type);
            Instant expires = rule.ttl().map(seen::plus).orElse(null);
            out.add(new Memory("m" + i, "bench", type, text, TextNormalizer.normalise(text), analysis.entities(),
                    analysis.keywords(), 1 + i % 5, MemoryStatus.ACTIVE, Source.EXPLICIT, null, seen, seen, expires,
                    seen, null, null, Set.of(), List.of("r" + i)));
        }
        return out;
    }
}
