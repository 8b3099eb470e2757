package dev.pmmemory.application.service;

import static dev.pmmemory.application.testing.UseCases.feedback;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pmmemory.application.port.in.ContextResult;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.application.port.out.Embeddings;
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
import org.junit.jupiter.api.Test;

/** Semantic recall on the use cases, with a fake model: vectors written with memories, the hybrid in recall. */
class SemanticRecallTest {
    private static final String P = "pm-alice";
    private static final Instant NOW = Instant.parse("2026-05-20T09:00:00Z");


    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final MutableClock clock = new MutableClock(NOW);
    private final FakeEmbeddings model = FakeEmbeddings.overseasOrNot("fake-v1");

    private FeedbackIntake intake(Optional<Embeddings> embeddings) {
        return new FeedbackIntake(store, new ClassifierChain(List.of(new RuleClassifier(UseCases.LEXICON))),
                UseCases.LEXICON, UseCases.ANALYZER, new Redactor(), new SequentialIds(), clock, embeddings);
    }

    private ContextRecall recall(Optional<Embeddings> embeddings, double alpha) {
        return new ContextRecall(store, UseCases.LEXICON, UseCases.ANALYZER, clock, embeddings, new HybridMatch(alpha, model.unrelatedCosine()));
    }

    private static ContextResult ask(ContextRecall recall, String query, int limit) {
        return recall.recall(new RecallContextQuery(P, query, limit, null, Set.of(), null));
    }

    @Test
    void aNewMemoryIsStoredWithItsVectorOfTheModel() {
        FeedbackResult r = intake(Optional.of(model)).add(feedback(P, "智谱估值太高，不看了", NOW.minusSeconds(60)));
        String id = r.memory().orElseThrow().memory().id();
        Map<String, float[]> vectors = store.read(tx -> tx.vectors().find(P, "fake-v1", List.of(id)));
        assertThat(vectors.get(id)).containsExactly(0f, 1f);
    }

    @Test
    void aPastAsOfKeepsTheCosineAndReadsEachMemoryAsItWasThen() {
        FeedbackIntake intake = intake(Optional.of(model));
        Instant may02 = Instant.parse("2026-05-02T09:00:00Z");
        String overseas = intake.add(feedback(P, "这个出海团队不错", may02)).memory().orElseThrow().memory().id();
        intake.add(feedback(P, "这个出海团队不错", NOW.minusSeconds(60)));
        intake.add(feedback(P, "智谱团队不错", may02));

        ContextResult then = recall(Optional.of(model), 0.5).recall(new RecallContextQuery(P, "海外项目", 1,
                Instant.parse("2026-05-03T09:00:00Z"), Set.of(), null));

        assertThat(then.items()).singleElement().satisfies(i -> {
            assertThat(i.view().memory().id()).isEqualTo(overseas);
            assertThat(i.view().memory().weight()).isEqualTo(1);
            assertThat(i.view().memory().lastSeenAt()).isEqualTo(may02);
            assertThat(i.factors().keywordMatch()).as("the cosine lifts it").isGreaterThan(0.0);
        });
    }

    @Test
    void aMessageThatBecomesNoMemoryIsNotEmbedded() {
        intake(Optional.of(model)).add(feedback(P, "好的，谢谢", NOW.minusSeconds(60)));
        assertThat(model.calls()).isEmpty();
    }

    @Test
    void withoutEmbeddingsNoVectorIsStored() {
        FeedbackResult r = intake(Optional.empty()).add(feedback(P, "智谱估值太高，不看了", NOW.minusSeconds(60)));
        String id = r.memory().orElseThrow().memory().id();
        Map<String, float[]> vectors = store.read(tx -> tx.vectors().find(P, "fake-v1", List.of(id)));
        assertThat(vectors).isEmpty();
    }

    @Test
    void theCosineLiftsAMemoryThatSharesNoTermWithTheQuery() {
        FeedbackIntake intake = intake(Optional.of(model));
        String overseas = intake.add(feedback(P, "这个出海团队不错", NOW.minusSeconds(300)))
                .memory().orElseThrow().memory().id();
        intake.add(feedback(P, "智谱团队不错", NOW.minusSeconds(200)));
        intake.add(feedback(P, "月之暗面团队不错", NOW.minusSeconds(100)));

        ContextResult keywordOnly = ask(recall(Optional.empty(), 0.5), "海外项目", 1);
        ContextResult semantic = ask(recall(Optional.of(model), 0.5), "海外项目", 1);

        assertThat(keywordOnly.items().get(0).view().memory().id()).isNotEqualTo(overseas);
        assertThat(semantic.items().get(0).view().memory().id()).isEqualTo(overseas);
        assertThat(semantic.items().get(0).factors().keywordMatch()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void aMemoryWithoutAVectorKeepsItsSetSimilarity() {
        intake(Optional.empty()).add(feedback(P, "智谱估值太高", NOW.minusSeconds(60)));
        ContextResult off = ask(recall(Optional.empty(), 0.5), "智谱估值", 3);
        ContextResult on = ask(recall(Optional.of(model), 0.5), "智谱估值", 3);
        assertThat(on.items().get(0).factors()).isEqualTo(off.items().get(0).factors());
    }
}
