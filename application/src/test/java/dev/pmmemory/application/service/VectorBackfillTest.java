package dev.pmmemory.application.service;

import static dev.pmmemory.application.testing.UseCases.feedback;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.application.port.out.MemoryVectors.MissingVector;
import dev.pmmemory.application.testing.FakeEmbeddings;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.MutableClock;
import dev.pmmemory.application.testing.SequentialIds;
import dev.pmmemory.application.testing.UseCases;
import dev.pmmemory.domain.classify.ClassifierChain;
import dev.pmmemory.domain.classify.RuleClassifier;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.recall.HybridMatch;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Memories stored while semantic recall was off (or under an older model) get their vectors later. */
class VectorBackfillTest {
    private static final Instant NOW = Instant.parse("2026-05-20T09:00:00Z");


    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final MutableClock clock = new MutableClock(NOW);
    private final FakeEmbeddings model = FakeEmbeddings.overseasOrNot("fake-v2");
    private final SequentialIds ids = new SequentialIds();
    private int added;

    private FeedbackIntake intake(Optional<Embeddings> embeddings) {
        return new FeedbackIntake(store, new ClassifierChain(List.of(new RuleClassifier(UseCases.LEXICON))),
                UseCases.LEXICON, UseCases.ANALYZER, new Redactor(), ids, clock, embeddings);
    }

    private String add(Optional<Embeddings> embeddings, String profile, String message) {
        // each message a minute after the previous one: the first added is the least recent
        Instant at = NOW.minusSeconds(3600 - 60L * ++added);
        return intake(embeddings).add(feedback(profile, message, at))
                .memory().orElseThrow().memory().id();
    }

    private List<MissingVector> missing(String modelName) {
        return store.read(tx -> tx.vectors().missing(modelName, 10));
    }

    @Test
    void memoriesStoredWhileOffAreEmbeddedAndThenFoundByMeaning() {
        String overseas = add(Optional.empty(), "pm-a", "这个出海团队不错");
        add(Optional.empty(), "pm-a", "智谱团队不错");
        add(Optional.empty(), "pm-b", "月之暗面团队不错");
        ContextRecall recall = new ContextRecall(store, UseCases.LEXICON, UseCases.ANALYZER, clock,
                Optional.of(model), new HybridMatch(0.5, 0.0));
        ContextResult before = recall.recall(new RecallContextQuery("pm-a", "海外项目", 1, null, Set.of(), null));
        assertThat(before.items().get(0).view().memory().id()).isNotEqualTo(overseas);

        VectorBackfill.Progress progress = new VectorBackfill(store, model).run(2, () -> true);

        assertThat(progress).isEqualTo(new VectorBackfill.Progress(3, true));
        assertThat(missing(model.model())).isEmpty();
        ContextResult after = recall.recall(new RecallContextQuery("pm-a", "海外项目", 1, null, Set.of(), null));
        assertThat(after.items().get(0).view().memory().id()).isEqualTo(overseas);
    }

    @Test
    void vectorsOfAnOlderModelAreReplacedAndCurrentOnesLeftAlone() {
        FakeEmbeddings old = FakeEmbeddings.overseasOrNot("fake-v1");
        String a = add(Optional.of(old), "pm-a", "这个出海团队不错");
        String b = add(Optional.of(model), "pm-a", "智谱团队不错");
        model.forgetCalls();

        VectorBackfill.Progress progress = new VectorBackfill(store, model).run(10, () -> true);

        assertThat(progress.embedded()).isEqualTo(1);
        assertThat(model.calls()).containsExactly("这个出海团队不错");
        Map<String, float[]> vectors = store.read(tx -> tx.vectors().find("pm-a", model.model(), List.of(a, b)));
        assertThat(vectors).containsOnlyKeys(a, b);
    }

    @Test
    void aSecondRunHasNothingToDo() {
        add(Optional.empty(), "pm-a", "智谱团队不错");
        VectorBackfill backfill = new VectorBackfill(store, model);
        backfill.run(10, () -> true);
        model.forgetCalls();
        assertThat(backfill.run(10, () -> true)).isEqualTo(new VectorBackfill.Progress(0, true));
        assertThat(model.calls()).isEmpty();
    }

    @Test
    void itStopsBetweenBatchesWhenAskedAndAnotherRunFinishesTheJob() {
        for (int i = 0; i < 5; i++) {
            add(Optional.empty(), "pm-a", "项目" + i + "团队不错");
        }
        AtomicInteger batches = new AtomicInteger();
        VectorBackfill backfill = new VectorBackfill(store, model);
        VectorBackfill.Progress first = backfill.run(2, () -> batches.getAndIncrement() < 1);
        assertThat(first).isEqualTo(new VectorBackfill.Progress(2, false));
        assertThat(backfill.run(2, () -> true)).isEqualTo(new VectorBackfill.Progress(3, true));
    }

    @Test
    void aModelFailureKeepsWhatWasFilledAndPropagates() {
        add(Optional.empty(), "pm-a", "智谱团队不错");
        add(Optional.empty(), "pm-a", "出海团队不错");
        AtomicInteger calls = new AtomicInteger();
        Embeddings failing = new FakeEmbeddings("flaky", 0.0, text -> {
            if (calls.incrementAndGet() > 1) {
                throw new IllegalStateException("model crashed");
            }
            return new float[] {1f};
        });
        VectorBackfill backfill = new VectorBackfill(store, failing);
        assertThatThrownBy(() -> backfill.run(1, () -> true)).hasMessage("model crashed");
        assertThat(missing("flaky")).hasSize(1);
    }
}
