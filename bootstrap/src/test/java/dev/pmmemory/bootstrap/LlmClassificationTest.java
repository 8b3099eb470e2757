package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.adapters.classifier.llm.ChatEndpoint;
import io.quarkus.runtime.configuration.ConfigurationException;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** memory.classifier.llm.*: off by default; on without its endpoint or model, the start is refused naming the key. */
class LlmClassificationTest {
    private static final String KEY = "sk-" + "config-test-key-123456";

    record Llm(boolean enabled, Optional<String> baseUrl, Optional<String> model, Optional<String> apiKey,
               Duration timeout, double holdBelow) implements MemoryConfig.Classifiers.Llm {
        Llm(boolean enabled, Optional<String> baseUrl, Optional<String> model, Optional<String> apiKey,
            Duration timeout) {
            this(enabled, baseUrl, model, apiKey, timeout, 0.9);
        }

        static Llm on(String baseUrl, String model) {
            return new Llm(true, Optional.ofNullable(baseUrl), Optional.ofNullable(model), Optional.of(KEY),
                    Duration.ofSeconds(5));
        }
    }

    @Test
    void theStatedConfidenceFloorIsReadInZeroToOneAndRefusedOutsideNamingIt() {
        Llm on = Llm.on("http://127.0.0.1:11434/v1", "m");
        assertThat(LlmClassification.holdBelow(on)).isEqualTo(0.9);
        assertThat(LlmClassification.holdBelow(new Llm(true, on.baseUrl(), on.model(), on.apiKey(), on.timeout(), 0)))
                .isZero();
        for (double bad : new double[] {-0.1, 1.5, Double.NaN}) {
            Llm off = new Llm(false, on.baseUrl(), on.model(), on.apiKey(), on.timeout(), bad);
            assertThatThrownBy(() -> LlmClassification.holdBelow(off))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("memory.classifier.llm.hold-below: must be in [0, 1]");
        }
    }

    @Test
    void offMeansRulesOnlyWhateverElseIsSet() {
        Llm off = new Llm(false, Optional.of("http://127.0.0.1:11434/v1"), Optional.of("m"), Optional.empty(),
                Duration.ofSeconds(5));
        assertThat(LlmClassification.endpoint(off)).isEmpty();
    }

    @Test
    void onGivesTheEndpointWithKeyAndTimeout() {
        ChatEndpoint endpoint = LlmClassification.endpoint(Llm.on("http://127.0.0.1:11434/v1", "qwen2.5")).orElseThrow();
        assertThat(endpoint.chatCompletions()).isEqualTo(URI.create("http://127.0.0.1:11434/v1/chat/completions"));
        assertThat(endpoint.model()).isEqualTo("qwen2.5");
        assertThat(endpoint.apiKey()).contains(KEY);
        assertThat(endpoint.timeout()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void onWithoutABaseUrlIsRefusedNamingIt() {
        assertThatThrownBy(() -> LlmClassification.endpoint(Llm.on(null, "m")))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("memory.classifier.llm.base-url is required");
        assertThatThrownBy(() -> LlmClassification.endpoint(Llm.on(" ", "m")))
                .hasMessageContaining("memory.classifier.llm.base-url is required");
    }

    @Test
    void onWithoutAModelIsRefusedNamingIt() {
        assertThatThrownBy(() -> LlmClassification.endpoint(Llm.on("http://127.0.0.1:11434/v1", null)))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("memory.classifier.llm.model is required");
    }

    @Test
    void aBaseUrlThatIsNoHttpUrlIsRefusedNamingItButNotTheKey() {
        for (String bad : new String[] {"localhost:11434/v1", "ftp://host/v1", "http://bad host/v1"}) {
            assertThatThrownBy(() -> LlmClassification.endpoint(Llm.on(bad, "m")))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("memory.classifier.llm.base-url")
                    .hasMessageNotContaining(KEY);
        }
    }

    @Test
    void aTimeoutOfZeroIsRefusedNamingIt() {
        Llm zero = new Llm(true, Optional.of("http://h/v1"), Optional.of("m"), Optional.empty(), Duration.ZERO);
        assertThatThrownBy(() -> LlmClassification.endpoint(zero)).hasMessageContaining("memory.classifier.llm.timeout");
    }

    record Summarizer(boolean enabled, Duration timeout) implements MemoryConfig.Summarizers.Llm {
    }

    @Test
    void theSummarizerUsesTheClassifiersEndpointWithItsOwnTimeoutEvenWithTheClassifierOff() {
        Llm classifierOff = new Llm(false, Optional.of("http://127.0.0.1:11434/v1"), Optional.of("qwen2.5"),
                Optional.of(KEY), Duration.ofSeconds(5));
        assertThat(LlmClassification.summarizerEndpoint(new Summarizer(false, Duration.ofSeconds(30)), classifierOff))
                .as("off by default").isEmpty();

        ChatEndpoint endpoint = LlmClassification.summarizerEndpoint(new Summarizer(true, Duration.ofSeconds(30)),
                classifierOff).orElseThrow();
        assertThat(endpoint.model()).isEqualTo("qwen2.5");
        assertThat(endpoint.apiKey()).contains(KEY);
        assertThat(endpoint.timeout()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void theSummarizerOnWithoutAnEndpointIsRefusedNamingBothKeys() {
        Llm none = new Llm(false, Optional.empty(), Optional.of("m"), Optional.empty(), Duration.ofSeconds(5));
        assertThatThrownBy(() -> LlmClassification.summarizerEndpoint(new Summarizer(true, Duration.ofSeconds(30)), none))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("memory.classifier.llm.base-url is required when memory.summarizer.llm.enabled=true");
    }
}
