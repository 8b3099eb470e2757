package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.application.port.out.MemoryVectors.MissingVector;
import dev.pmmemory.application.testing.FakeEmbeddings;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The background backfill: fills every missing vector after start; a failure ends it quietly. */
class VectorBackfillAtStartTest {
    private static final Instant T0 = Instant.parse("2026-05-01T09:00:00Z");

    private static Embeddings model(boolean fails) {
        return new FakeEmbeddings("fake", 0.0, text -> {
            if (fails) {
                throw new IllegalStateException("model crashed");
            }
            return new float[] {text.length()};
        });
    }

    private static InMemoryMemoryStore storeWith(int memories) {
        InMemoryMemoryStore store = new InMemoryMemoryStore();
        store.write("pm-a", tx -> {
            for (int i = 0; i < memories; i++) {
                tx.memories().insert(new Memory.Builder().id("m" + i).profileId("pm-a").type(MemoryType.PROJECT_NEGATIVE)
                        .content("memory " + i).normalizedContent("memory" + i).entities(List.of()).keywords(List.of("memory"))
                        .weight(1).status(MemoryStatus.ACTIVE).source(Source.EXPLICIT).createdAt(T0).lastSeenAt(T0)
                        .validFrom(T0).expiresAt(T0.plus(Duration.ofDays(30))).sourceMessageIds(List.of("raw-" + i)).build());
            }
            return null;
        });
        return store;
    }

    private static List<MissingVector> missing(InMemoryMemoryStore store) {
        return store.read(tx -> tx.vectors().missing("fake", 1000));
    }

    @Test
    void everyMemoryWithoutAVectorGetsOneInTheBackground() throws InterruptedException {
        InMemoryMemoryStore store = storeWith(VectorBackfillAtStart.BATCH * 2 + 5);
        VectorBackfillAtStart backfill = new VectorBackfillAtStart();
        backfill.start(store, model(false));
        assertThat(backfill.finished(Duration.ofSeconds(10))).isTrue();
        assertThat(missing(store)).isEmpty();
    }

    @Test
    void aFailingModelEndsTheRunAndLeavesTheMemoriesAsTheyWere() throws InterruptedException {
        InMemoryMemoryStore store = storeWith(3);
        VectorBackfillAtStart backfill = new VectorBackfillAtStart();
        backfill.start(store, model(true));
        assertThat(backfill.finished(Duration.ofSeconds(10))).isTrue();
        assertThat(missing(store)).hasSize(3);
    }

    @Test
    void withSemanticRecallOffNothingRuns() throws InterruptedException {
        VectorBackfillAtStart backfill = new VectorBackfillAtStart();
        backfill.start(null, SemanticRecall.off(), storeWith(1));
        assertThat(backfill.finished(Duration.ZERO)).isTrue();
        backfill.stopAndWait();
    }
}
