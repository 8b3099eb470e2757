package dev.pmmemory.adapters.classifier.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The endpoint settings: where requests go, what is refused, what a log line may show. */
class ChatEndpointTest {
    private static final Duration FIVE_SECONDS = ChatEndpoint.DEFAULT_TIMEOUT;

    private static ChatEndpoint endpoint(String baseUrl) {
        return new ChatEndpoint(URI.create(baseUrl), "m", Optional.empty(), FIVE_SECONDS);
    }

    @Test
    void chatCompletionsIsUnderTheBaseUrlWithOrWithoutATrailingSlash() {
        assertThat(endpoint("http://127.0.0.1:11434/v1").chatCompletions())
                .isEqualTo(URI.create("http://127.0.0.1:11434/v1/chat/completions"));
        assertThat(endpoint("https://llm.example/v1/").chatCompletions())
                .isEqualTo(URI.create("https://llm.example/v1/chat/completions"));
    }

    @Test
    void theDisplayedUrlDropsUserInfoAndQuery() {
        assertThat(endpoint("https://user:pa55@llm.example:8443/v1?key=abc").displayUrl())
                .isEqualTo("https://llm.example:8443/v1");
    }

    @Test
    void aBlankKeyCountsAsNoKey() {
        assertThat(new ChatEndpoint(URI.create("http://h/v1"), "m", Optional.of(" "), FIVE_SECONDS).apiKey()).isEmpty();
    }

    @Test
    void nonHttpUrlsBlankModelsAndNonPositiveTimeoutsAreRefused() {
        assertThatThrownBy(() -> endpoint("ftp://h/v1")).hasMessageContaining("http(s)");
        assertThatThrownBy(() -> endpoint("localhost:11434")).hasMessageContaining("http(s)");
        assertThatThrownBy(() -> new ChatEndpoint(URI.create("http://h"), " ", Optional.of("sk-secret-1"), FIVE_SECONDS))
                .hasMessageContaining("model").hasMessageNotContaining("sk-secret-1");
        assertThatThrownBy(() -> new ChatEndpoint(URI.create("http://h"), "m", Optional.empty(), Duration.ZERO))
                .hasMessageContaining("timeout");
    }
}
