package dev.pmmemory.bench;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.domain.classify.Classifier;
import dev.pmmemory.domain.classify.ClassifierChain;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.classify.RuleClassifier;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The CPU part of one add (rules.md §3 steps 2 and 4) as the production wiring does it: redact,
 * analyse (entities + keywords), classify with the rule chain. Each call takes the next message
 * of a fixed corpus of 1,024, so the figure is an average over every template, not one string.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class MessagePipelineBenchmark {
    private static final int CORPUS = 1024;

    private Redactor redactor;
    private TextAnalyzer analyzer;
    private Classifier classifier;
    private List<String> messages;
    private int next;

    @Setup(Level.Trial)
    public void setUp() {
        Lexicon lexicon = Lexicon.loadDefault();
        redactor = new Redactor();
        analyzer = TextAnalyzers.from(lexicon);
        classifier = new ClassifierChain(List.of(new RuleClassifier(lexicon)));
        messages = PmCorpus.messages(CORPUS);
        refuseMeaninglessCorpus();
    }

    /**
     * The figures mean "the cost of a real add" only while every template still classifies and
     * the secrets are still found: a lexicon change that broke that would silently measure the
     * unclassified short cut instead, so the run stops.
     */
    private void refuseMeaninglessCorpus() {
        for (int i = 0; i < 12; i++) {
            String message = messages.get(i);
            String text = redactor.redact(message).text();
            if (classifier.classify(text, analyzer.analyze(text).entities()).isEmpty()) {
                throw new IllegalStateException("corpus message no longer classified: " + message);
            }
            if (message.contains("138") || message.contains("sk-live")) {
                if (!text.contains("[REDACTED:")) {
                    throw new IllegalStateException("corpus secret no longer redacted: " + message);
                }
            }
        }
    }

    private String nextMessage() {
        String m = messages.get(next);
        next = (next + 1) & (CORPUS - 1);
        return m;
    }

    /** The whole CPU path of an add: what the service does between parsing the body and the store. */
    @Benchmark
    public Optional<MemoryType> redactAnalyseClassify() {
        String text = redactor.redact(nextMessage()).text();
        TextAnalyzer.Analysis analysis = analyzer.analyze(text);
        return classifier.classify(text, analysis.entities());
    }

    @Benchmark
    public Object redact() {
        return redactor.redact(nextMessage());
    }

    @Benchmark
    public TextAnalyzer.Analysis analyse() {
        return analyzer.analyze(nextMessage());
    }

    @Benchmark
    public Optional<MemoryType> classify() {
        return classifier.classify(nextMessage(), List.of());
    }
}
