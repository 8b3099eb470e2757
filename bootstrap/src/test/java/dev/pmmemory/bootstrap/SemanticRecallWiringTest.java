package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.application.testing.FakeEmbeddings;
import io.quarkus.runtime.configuration.ConfigurationException;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** memory.semantic.*: off loads nothing; on needs the -Psemantic build; the weight is checked. */
class SemanticRecallWiringTest {

    private static final Embeddings FAKE = new FakeEmbeddings("fake", 0.3, 0.5, text -> new float[] {1f});

    @Test
    void offLoadsNoModel() {
        AtomicInteger lookups = new AtomicInteger();
        SemanticRecall s = SemanticRecall.configure(false, 0.2, () -> {
            lookups.incrementAndGet();
            return List.of(FAKE);
        });
        assertThat(s.embeddings()).isEmpty();
        assertThat(lookups).hasValue(0);
    }

    @Test
    void onUsesTheImplementationTheBuildIncludes() {
        SemanticRecall s = SemanticRecall.configure(true, 0.35, () -> List.of(FAKE));
        assertThat(s.embeddings()).containsSame(FAKE);
        assertThat(s.mix().alpha()).isEqualTo(0.35);
        assertThat(s.mix().unrelatedCosine()).as("the model's own baseline").isEqualTo(0.3);
        assertThat(s.mix().matchCosine()).as("the model's own match level").isEqualTo(0.5);
    }

    @Test
    void onWithoutTheAdapterStopsTheStartWithHowToBuild() {
        assertThatThrownBy(() -> SemanticRecall.configure(true, 0.2, List::of))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("-Psemantic");
    }

    @Test
    void theDefaultBuildHasNoEmbeddingsOnItsClasspath() {
        // bootstrap depends on the embeddings adapter only in the semantic profile
        assumeTrue(ServiceLoader.load(Embeddings.class).stream().findAny().isEmpty(), "a -Psemantic build");
        assertThatThrownBy(() -> SemanticRecall.configure(true, 0.2))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("-Psemantic");
    }

    @Test
    void aWeightOutsideTheUnitIntervalIsAConfigurationError() {
        assertThatThrownBy(() -> SemanticRecall.configure(false, 1.5, List::of))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("memory.semantic.weight");
    }
}
