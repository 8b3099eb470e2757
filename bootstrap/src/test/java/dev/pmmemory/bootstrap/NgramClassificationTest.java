package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.adapters.classifier.ngram.NgramClassifier;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.smallrye.config.WithDefault;
import org.junit.jupiter.api.Test;

/** memory.classifier.ngram.*: on by default at the cross-validated floor; off is no link; a bad floor stops the start. */
class NgramClassificationTest {

    record Ngram(boolean enabled, double minConfidence) implements MemoryConfig.Classifiers.Ngram {
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
    void theConfiguredDefaultsAreTheAdaptersMeasuredOnes() throws NoSuchMethodException {
        String floor = MemoryConfig.Classifiers.Ngram.class.getMethod("minConfidence").getAnnotation(WithDefault.class).value();
        assertThat(Double.parseDouble(floor)).isEqualTo(NgramClassifier.DEFAULT_MIN_CONFIDENCE);
        String enabled = MemoryConfig.Classifiers.Ngram.class.getMethod("enabled").getAnnotation(WithDefault.class).value();
        assertThat(enabled).isEqualTo("true");
    }
}
