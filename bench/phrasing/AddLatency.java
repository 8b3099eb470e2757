import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.domain.classify.ClassifierChain;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.classify.RuleClassifier;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.text.TextAnalyzer;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The write path's CPU work for one message, in process: redact + analyse (entities, keywords) +
 * classify (rules), over every labelled message of bench/eval. Prints p50 / p90 in µs.
 * Compiled against one build of the domain module by latency.sh, which runs the build before and
 * after the change alternately in the same invocation.
 */
public final class AddLatency {
    public static void main(String[] args) throws Exception {
        Lexicon lexicon = Lexicon.loadDefault();
        run(Path.of(args[0]), args[1], lexicon, new ClassifierChain(List.of(new RuleClassifier(lexicon))));
    }

    /** Times the add path's CPU work with {@code classifier} (AddLatencyWithLink passes rules + n-gram link). */
    static void run(Path dir, String label, Lexicon lexicon, ClassifierChain classifier) throws Exception {
        List<String> messages = new ArrayList<>();
        for (String file : new String[] {"messages.tsv", "holdout.tsv", "holdout-3.tsv", "holdout-4.tsv",
                "longtail-dev.tsv", "longtail-dev-2.tsv", "longtail-dev-3.tsv"}) {
            Path path = dir.resolve(file);
            if (!Files.isRegularFile(path)) {
                continue;
            }
            for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    messages.add(line.split("\t", -1)[5]);
                }
            }
        }
        TextAnalyzer analyzer = TextAnalyzers.from(lexicon);
        Redactor redactor = new Redactor();
        int rounds = 15;
        int warmup = 10;
        long[] nanos = new long[messages.size() * rounds];
        int n = 0;
        long sink = 0;
        for (int round = 0; round < warmup + rounds; round++) {
            for (String message : messages) {
                long start = System.nanoTime();
                String text = redactor.redact(message).text();
                TextAnalyzer.Analysis analysis = analyzer.analyze(text);
                sink += classifier.classify(text, analysis.entities()).isPresent() ? 1 : 0;
                long took = System.nanoTime() - start;
                if (round >= warmup) {
                    nanos[n++] = took;
                }
            }
        }
        Arrays.sort(nanos);
        System.out.printf("%-6s messages %d x %d rounds: p50 %.1f µs  p90 %.1f µs  (sink %d)%n", label, messages.size(),
                rounds, nanos[n / 2] / 1000.0, nanos[(int) (n * 0.9)] / 1000.0, sink);
    }
}
