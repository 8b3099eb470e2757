package dev.pmmemory.application.eval;

import dev.pmmemory.application.eval.ClassificationEval.Ratio;
import dev.pmmemory.application.eval.EvalSet.ProfileEntry;
import dev.pmmemory.application.eval.EvalSet.RecallCase;
import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.service.ContextRecall;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.UseCases;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Retrieval quality: the profiles' messages go through the real write path (FeedbackIntake over
 * an in-memory store), each case's query through the real read path (ContextRecall) at one fixed
 * instant. recall@3 = share of the must-return memories in the top 3 (the default limit), averaged
 * over cases; MRR = mean of 1 / rank of the first must-return memory in the full ranking (0 when
 * absent); a leak = a must-not-return memory in the top 3.
 */
final class RecallEval {

    static final Instant AS_OF = Instant.parse("2026-06-01T09:00:00Z");
    static final int K = RecallContextQuery.DEFAULT_LIMIT;

    record Result(double recallAt3, double recallAt3Hard, double mrr, Ratio noLeak, int cases, List<String> misses) {
    }

    private RecallEval() {
    }

    static Result run(Pipeline pipeline, List<ProfileEntry> profiles, List<RecallCase> cases) {
        InMemoryMemoryStore store = new InMemoryMemoryStore();
        Clock clock = Clock.fixed(AS_OF, ZoneOffset.UTC);
        FeedbackIntake intake = pipeline.feedbackIntake(store, clock);
        ContextRecall recall = pipeline.contextRecall(store, clock);
        Map<String, String> memoryIdByLabel = new HashMap<>();
        List<ProfileEntry> oldestFirst = profiles.stream()
                .sorted(Comparator.comparingInt(ProfileEntry::daysAgo).reversed()).toList();
        for (ProfileEntry entry : oldestFirst) {
            Instant at = AS_OF.minus(Duration.ofDays(entry.daysAgo()));
            FeedbackResult result = intake.add(UseCases.feedback(entry.profile(), entry.message(), at));
            result.memory().ifPresent(view -> memoryIdByLabel.put(key(entry.profile(), entry.label()), view.memory().id()));
        }

        double recallSum = 0;
        double recallHardSum = 0;
        int hardCases = 0;
        double reciprocalRankSum = 0;
        int rankedCases = 0;
        Ratio noLeak = new Ratio(0, 0);
        List<String> misses = new ArrayList<>();
        for (RecallCase c : cases) {
            List<String> top = ids(recall.recall(UseCases.context(c.profile(), c.query(), K, AS_OF)));
            List<String> full = ids(recall.recall(UseCases.context(c.profile(), c.query(), RecallContextQuery.MAX_LIMIT, AS_OF)));
            Map<String, String> labelById = new HashMap<>();
            memoryIdByLabel.forEach((k, id) -> {
                if (k.startsWith(c.profile() + "/")) {
                    labelById.putIfAbsent(id, k.substring(c.profile().length() + 1));
                }
            });
            List<String> topLabels = top.stream().map(id -> labelById.getOrDefault(id, "?")).toList();
            if (!c.mustReturn().isEmpty()) {
                long found = c.mustReturn().stream().filter(l -> contains(top, memoryIdByLabel.get(key(c.profile(), l)))).count();
                double caseRecall = (double) found / c.mustReturn().size();
                recallSum += caseRecall;
                rankedCases++;
                if (c.hard()) {
                    recallHardSum += caseRecall;
                    hardCases++;
                }
                int firstRank = Integer.MAX_VALUE;
                for (String label : c.mustReturn()) {
                    int rank = full.indexOf(memoryIdByLabel.get(key(c.profile(), label)));
                    if (rank >= 0) {
                        firstRank = Math.min(firstRank, rank + 1);
                    }
                }
                reciprocalRankSum += firstRank == Integer.MAX_VALUE ? 0.0 : 1.0 / firstRank;
                if (caseRecall < 1.0) {
                    misses.add(c.id() + " [" + c.query() + "] must " + c.mustReturn() + ", top " + topLabels);
                }
            }
            if (!c.mustNotReturn().isEmpty()) {
                boolean leaked = c.mustNotReturn().stream().anyMatch(l -> contains(top, memoryIdByLabel.get(key(c.profile(), l))));
                noLeak = noLeak.plus(!leaked);
                if (leaked) {
                    misses.add(c.id() + " [" + c.query() + "] must not " + c.mustNotReturn() + ", top " + topLabels);
                }
            }
        }
        return new Result(rankedCases == 0 ? 1.0 : recallSum / rankedCases,
                hardCases == 0 ? 1.0 : recallHardSum / hardCases,
                rankedCases == 0 ? 1.0 : reciprocalRankSum / rankedCases, noLeak, cases.size(), misses);
    }

    private static boolean contains(List<String> ids, String id) {
        return id != null && ids.contains(id);
    }

    private static List<String> ids(ContextResult result) {
        return result.items().stream().map(item -> item.view().memory().id()).toList();
    }

    private static String key(String profile, String label) {
        return profile + "/" + label;
    }
}
