package dev.pmmemory.application.service;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.port.out.Summarizer;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.SequentialIds;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The compact job's own decisions, on the in-memory store (every store: MemoryStoreContract.Compaction). */
class MemoryCompactionTest {
    private static final String P = "pm-alice";
    private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");
    private static final Instant NOW = T0.plus(Duration.ofDays(40));

    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final AtomicInteger next = new AtomicInteger();

    private Memory expired(MemoryType type) {
        int i = next.incrementAndGet();
        return new Memory.Builder().id("m" + i).profileId(P).type(type).content("text " + i)
                .normalizedContent("text" + i).entities(List.of()).keywords(List.of("储能")).weight(1)
                .status(MemoryStatus.EXPIRED).source(Source.EXPLICIT).createdAt(T0).lastSeenAt(T0).validFrom(T0)
                .expiresAt(T0.plus(Duration.ofDays(7))).build();
    }

    private void insert(Memory... memories) {
        store.write(P, tx -> {
            for (Memory m : memories) {
                tx.memories().insert(m);
            }
            return null;
        });
    }

    private MemoryCompaction compaction(Summarizer summarizer, double maxPriority) {
        return new MemoryCompaction(store, Lexicon.loadDefault(), summarizer, new SequentialIds(),
                Clock.fixed(NOW, ZoneOffset.UTC), 2, maxPriority);
    }

    private List<Memory> summaries() {
        return store.memories(P).stream().filter(m -> m.type() == MemoryType.SUMMARY).toList();
    }

    @Test
    void lowPriorityComesFromTheLexiconAndNeverIncludesSummaries() {
        Lexicon lexicon = Lexicon.loadDefault();
        assertThat(MemoryCompaction.lowPriorityTypes(lexicon, 0.6)).containsExactly(
                MemoryType.PROJECT_POSITIVE, MemoryType.MARKET_INFO, MemoryType.TEMP_STATUS);
        assertThat(MemoryCompaction.lowPriorityTypes(lexicon, 1.0)).doesNotContain(MemoryType.SUMMARY).hasSize(6);
        assertThat(MemoryCompaction.lowPriorityTypes(lexicon, 0.0)).isEmpty();
        assertThatThrownBy(() -> new MemoryCompaction(store, lexicon, new FrequencySummarizer(), new SequentialIds(),
                Clock.systemUTC(), 0, 0.6)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("threshold");
    }

    @Test
    void aModelsTextIsKeptWhenTheGroupDidNotChangeMeanwhile() {
        insert(expired(MemoryType.TEMP_STATUS), expired(MemoryType.TEMP_STATUS), expired(MemoryType.TEMP_STATUS));

        compaction(request -> "Three busy weeks.", 0.6).run();

        assertThat(summaries()).singleElement().extracting(Memory::content).isEqualTo("Three busy weeks.");
    }

    @Test
    void aWriteBetweenSummarisingAndFoldingIsFoldedTooWithTheDeterministicText() {
        insert(expired(MemoryType.MARKET_INFO), expired(MemoryType.MARKET_INFO), expired(MemoryType.MARKET_INFO));
        Memory lateArrival = expired(MemoryType.MARKET_INFO);

        var report = compaction(request -> {
            insert(lateArrival); // a writer commits while the (slow) model writes the summary
            return "A text about three memories.";
        }, 0.6).run();

        assertThat(report.changed()).isEqualTo(4);
        assertThat(summaries()).singleElement().extracting(Memory::content).asString()
                .startsWith("Summary of 4 market_info memories");
    }

    @Test
    void aTooLongAnswerGivesTheDeterministicText() {
        insert(expired(MemoryType.MARKET_INFO), expired(MemoryType.MARKET_INFO), expired(MemoryType.MARKET_INFO));

        compaction(request -> "x".repeat(4001), 0.6).run();

        assertThat(summaries()).singleElement().extracting(Memory::content).asString()
                .startsWith("Summary of 3 market_info memories");
    }

    @Test
    void preferencesAndDecisionsAreNeverFoldedAtTheDefaultMaxPriority() {
        for (MemoryType type : List.of(MemoryType.LONG_TERM_PREFERENCE, MemoryType.PROJECT_NEGATIVE,
                MemoryType.PROJECT_ADVANCE)) {
            insert(expired(type), expired(type), expired(type));
        }

        assertThat(compaction(new FrequencySummarizer(), 0.6).run().changed()).isZero();
        assertThat(summaries()).isEmpty();
    }
}
