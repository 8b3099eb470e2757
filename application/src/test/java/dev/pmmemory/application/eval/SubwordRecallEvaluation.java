package dev.pmmemory.application.eval;

import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.UseCases;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.text.Segmenter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Context recall of a query naming a part of a word (bench/eval/subword-recall.tsv): every distinct message
 * is stored once in one profile, with a type given (market_info) so that classification plays no part, and
 * each case's query alone must bring its message into the top 3 (the default limit). Test code, public for
 * the segmenter adapter's test.
 */
public final class SubwordRecallEvaluation {

    /** A case: the message stored, the query, its tags. */
    public record Case(String id, String message, String query, String tags) {
    }

    /** @param recallAt3 share of cases whose message is in the top 3; {@code matched} share matched at all */
    public record Figures(String segmenter, double recallAt3, double matched, int cases, List<String> misses) {
        @Override
        public String toString() {
            return String.format("%-8s sub-word recall@3 %.3f (%d cases), matched at all %.3f", segmenter, recallAt3,
                    cases, matched);
        }
    }

    static final String FILE = "subword-recall.tsv";

    private SubwordRecallEvaluation() {
    }

    public static List<Case> cases() {
        Path file = EvalSet.locate().resolve(FILE);
        List<Case> cases = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] cells = line.split("\t", -1);
                if (cells.length != 4) {
                    throw new IllegalStateException(FILE + ": expected 4 columns: " + line);
                }
                cases.add(new Case(cells[0].strip(), cells[1].strip(), cells[2].strip(), cells[3].strip()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cases;
    }

    public static Figures run(Segmenter segmenter) {
        Pipeline pipeline = Pipeline.configured().withSegmenter(segmenter);
        InMemoryMemoryStore store = new InMemoryMemoryStore();
        Clock clock = Clock.fixed(RecallEval.AS_OF, ZoneOffset.UTC);
        FeedbackIntake intake = pipeline.feedbackIntake(store, clock);
        ContextRecall recall = pipeline.contextRecall(store, clock);
        Map<String, String> idByMessage = new LinkedHashMap<>();
        List<Case> cases = cases();
        for (Case c : cases) {
            if (!idByMessage.containsKey(c.message())) {
                FeedbackResult stored = intake.add(new AddFeedbackCommand("sw", c.message(), RecallEval.AS_OF, null, null,
                        Source.EXPLICIT, MemoryType.MARKET_INFO));
                idByMessage.put(c.message(), stored.memory().orElseThrow().memory().id());
            }
        }
        int hits = 0;
        int matched = 0;
        List<String> misses = new ArrayList<>();
        for (Case c : cases) {
            ContextResult result = recall.recall(UseCases.context("sw", c.query(), RecallContextQuery.DEFAULT_LIMIT,
                    RecallEval.AS_OF));
            String want = idByMessage.get(c.message());
            boolean hit = result.items().stream().anyMatch(i -> i.view().memory().id().equals(want));
            boolean any = result.items().stream().anyMatch(i -> i.view().memory().id().equals(want) && i.matched());
            hits += hit ? 1 : 0;
            matched += any ? 1 : 0;
            if (!hit) {
                misses.add(c.id() + " [" + c.query() + "] " + c.message());
            }
        }
        return new Figures(segmenter.name(), hits / (double) cases.size(), matched / (double) cases.size(), cases.size(),
                misses);
    }
}
