package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.adapters.classifier.ngram.NgramClassifier;
import dev.pmmemory.domain.classify.Classification;
import dev.pmmemory.domain.classify.SecondOpinion;
import dev.pmmemory.domain.memory.MemoryType;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.smallrye.config.WithDefault;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * memory.classifier.ngram.*: on by default at the cross-validated floor and margin; off is no link; a bad
 * floor or margin stops the start.
 */
class NgramClassificationTest {

    record Ngram(boolean enabled, double minConfidence, boolean secondOpinion, double overruleMargin)
            implements MemoryConfig.Classifiers.Ngram {
        Ngram(boolean enabled, double minConfidence) {
            this(enabled, minConfidence, true, NgramClassifier.DEFAULT_OVERRULE_MARGIN);
        }
    }

    @Test
    void offIsNoLinkAndOnTrainsTheShippedModel() {
        assertThat(NgramClassification.link(new Ngram(false, 0.7))).isEmpty();
        assertThat(NgramClassification.link(new Ngram(true, 0.8)).orElseThrow().join().minConfidence()).isEqualTo(0.8);
    }

    @Test
    void aFloorOutsideZeroToOneStopsTheStartNamingTheSetting() {
        for (double bad : new double[] {0, -0.1, 1.5, Double.NaN}) {
            assertThatThrownBy(() -> NgramClassification.link(new Ngram(true, bad)))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("memory.classifier.ngram.min-confidence");
        }
    }

    @Test
    void theSecondOpinionOverrulesAtTheConfiguredMarginAndIsOffWhenAsked() {
        CompletableFuture<NgramClassifier> model = NgramClassification.link(new Ngram(true, 0.4)).orElseThrow();
        String message = "hard pass, burn is way too high and the founders keep pivoting";
        // a rules' answer the model finds far less likely than its own is overruled at margin 0 …
        SecondOpinion eager = NgramClassification.secondOpinion(new Ngram(true, 0.4, true, 0), model).orElseThrow();
        assertThat(eager.overrule(message, List.of(), MemoryType.TEMP_STATUS))
                .contains(Classification.of(Optional.of(MemoryType.PROJECT_NEGATIVE)));
        // … and stands when the model agrees, or when the margin asks for more than it has
        assertThat(eager.overrule(message, List.of(), MemoryType.PROJECT_NEGATIVE)).isEmpty();
        SecondOpinion never = NgramClassification.secondOpinion(new Ngram(true, 0.4, true, 1e6), model).orElseThrow();
        assertThat(never.overrule(message, List.of(), MemoryType.TEMP_STATUS)).isEmpty();
        assertThat(NgramClassification.secondOpinion(new Ngram(true, 0.4, false, 12), model)).isEmpty();
    }

    @Test
    void aLinkWhoseTrainingFailedLeavesTheRulesTypeAloneInsteadOfFailingTheAdd() {
        CompletableFuture<NgramClassifier> failed = CompletableFuture.failedFuture(new IllegalStateException("no file"));
        SecondOpinion second = NgramClassification.secondOpinion(new Ngram(true, 0.4, true, 0), failed).orElseThrow();
        assertThat(second.overrule("hard pass, burn is way too high", List.of(), MemoryType.TEMP_STATUS)).isEmpty();
        assertThat(NgramClassification.trained(failed)).isEmpty();
    }

    @Test
    void theSecondOpinionNeverMakesNoMemoryOfALongMessageNorHearsAVeryLongOne() {
        CompletableFuture<NgramClassifier> model = NgramClassification.link(new Ngram(true, 0.4)).orElseThrow();
        SecondOpinion eager = NgramClassification.secondOpinion(new Ngram(true, 0.4, true, 0), model).orElseThrow();
        String chat = "好的，收到，辛苦了";
        assertThat(eager.overrule(chat, List.of(), MemoryType.PROJECT_POSITIVE))
                .as("short small talk may be no memory").contains(Classification.of(Optional.empty()));
        String longChat = (chat + "，").repeat(10);
        assertThat(longChat.length()).isGreaterThan(NgramClassifier.NONE_MAX_LENGTH);
        assertThat(eager.overrule(longChat, List.of(), MemoryType.PROJECT_POSITIVE)).isEmpty();
        String veryLong = "hard pass, burn is way too high. ".repeat(8);
        assertThat(veryLong.length()).isGreaterThan(NgramClassifier.OVERRULE_MAX_LENGTH);
        assertThat(eager.overrule(veryLong, List.of(), MemoryType.TEMP_STATUS)).isEmpty();
    }

    @Test
    void aNegativeOrEndlessMarginStopsTheStartNamingTheSetting() {
        CompletableFuture<NgramClassifier> model = NgramClassification.link(new Ngram(true, 0.4)).orElseThrow();
        for (double bad : new double[] {-1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> NgramClassification.secondOpinion(new Ngram(true, 0.4, true, bad), model))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("memory.classifier.ngram.overrule-margin");
        }
    }

    @Test
    void theConfiguredDefaultsAreTheAdaptersMeasuredOnes() throws NoSuchMethodException {
        String floor = MemoryConfig.Classifiers.Ngram.class.getMethod("minConfidence").getAnnotation(WithDefault.class).value();
        assertThat(Double.parseDouble(floor)).isEqualTo(NgramClassifier.DEFAULT_MIN_CONFIDENCE);
        String margin = MemoryConfig.Classifiers.Ngram.class.getMethod("overruleMargin").getAnnotation(WithDefault.class).value();
        assertThat(Double.parseDouble(margin)).isEqualTo(NgramClassifier.DEFAULT_OVERRULE_MARGIN);
        for (String on : new String[] {"enabled", "secondOpinion"}) {
            assertThat(MemoryConfig.Classifiers.Ngram.class.getMethod(on).getAnnotation(WithDefault.class).value())
                    .isEqualTo("true");
        }
    }
}
