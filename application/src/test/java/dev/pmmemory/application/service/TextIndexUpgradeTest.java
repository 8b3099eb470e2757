package dev.pmmemory.application.service;

import static dev.pmmemory.application.testing.UseCases.feedback;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.MutableClock;
import dev.pmmemory.application.testing.SequentialIds;
import dev.pmmemory.application.testing.UseCases;
import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.text.Segmenter;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A deployment that starts with another segmenter or lexicon re-indexes its stored memories once. */
class TextIndexUpgradeTest {
    private static final Instant NOW = Instant.parse("2026-05-20T09:00:00Z");

    /** A stand-in for a word segmenter: the run cut after its first two characters. */
    private static final Segmenter HEAD_AND_REST = new Segmenter() {
        @Override
        public List<String> words(String han) {
            List<String> words = new ArrayList<>();
            words.add(han.substring(0, Math.min(2, han.length())));
            if (han.length() > 2) {
                words.add(han.substring(2));
            }
            return words;
        }

        @Override
        public String name() {
            return "head-and-rest";
        }
    };

    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final MutableClock clock = new MutableClock(NOW);

    private TextIndexUpgrade upgradeWith(TextAnalyzer analyzer) {
        return new TextIndexUpgrade(store, new EntityReindex(store, analyzer, new SequentialIds(), clock));
    }

    private Memory stored(String id) {
        return store.read(tx -> tx.memories().findById("pm-a", id)).orElseThrow();
    }

    @Test
    void aNewVersionReindexesTheMemoriesStoredBeforeOnceAndOnlyOnce() {
        // stored under character bigrams (UseCases.ANALYZER)
        String id = UseCases.feedbackIntake(store, clock).add(feedback("pm-a", "国内大模型估值太高", NOW))
                .memory().orElseThrow().memory().id();
        assertThat(stored(id).keywords()).contains("内大");
        TextAnalyzer words = TextAnalyzers.from(UseCases.LEXICON, HEAD_AND_REST);
        List<String> expected = words.analyze("国内大模型估值太高").keywords();
        assertThat(expected).doesNotContain("内大");

        assertThat(upgradeWith(words).reindexIfNew("head-and-rest lexicon-1")).hasValueSatisfying(
                report -> assertThat(report.changed()).isEqualTo(1));

        assertThat(stored(id).keywords()).containsExactlyElementsOf(expected);
        List<AuditKind> kinds = store.read(tx -> tx.auditTrail().forMemory("pm-a", id)).stream()
                .map(e -> e.kind()).toList();
        assertThat(kinds).contains(AuditKind.MEMORY_REINDEXED);
        // a second start with the same analysis (here or on another instance) leaves the memories alone
        assertThat(upgradeWith(words).reindexIfNew("head-and-rest lexicon-1")).isEmpty();
    }

    @Test
    void aRunThatFailsIsNotRecordedSoTheNextStartRunsItAgain() {
        String id = UseCases.feedbackIntake(store, clock).add(feedback("pm-a", "国内大模型估值太高", NOW))
                .memory().orElseThrow().memory().id();
        TextAnalyzer words = TextAnalyzers.from(UseCases.LEXICON, HEAD_AND_REST);
        TextAnalyzer failing = TextAnalyzers.from(UseCases.LEXICON, new Segmenter() {
            @Override
            public List<String> words(String han) {
                throw new IllegalStateException("the segmenter broke");
            }

            @Override
            public String name() {
                return "broken";
            }
        });
        assertThatThrownBy(() -> upgradeWith(failing).reindexIfNew("v3")).isInstanceOf(IllegalStateException.class);

        assertThat(upgradeWith(words).reindexIfNew("v3")).as("not recorded: run again").isPresent();
        assertThat(stored(id).keywords()).doesNotContain("内大");
    }

    @Test
    void aVersionRecordedAsDoneIsNotRunAgainEvenWhenTheMemoriesDiffer() {
        String id = UseCases.feedbackIntake(store, clock).add(feedback("pm-a", "国内大模型估值太高", NOW))
                .memory().orElseThrow().memory().id();
        TextAnalyzer words = TextAnalyzers.from(UseCases.LEXICON, HEAD_AND_REST);
        store.claimJobRun(TextIndexUpgrade.jobName("v2"), TextIndexUpgrade.ONCE);

        assertThat(upgradeWith(words).reindexIfNew("v2")).isEmpty();

        assertThat(stored(id).keywords()).as("another instance has finished it").contains("内大");
    }

    @Test
    void aBlankVersionIsRefused() {
        TextIndexUpgrade upgrade = upgradeWith(UseCases.ANALYZER);
        assertThatThrownBy(() -> upgrade.reindexIfNew(" ")).isInstanceOf(IllegalArgumentException.class);
    }
}
