package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.classifier.llm.ChatEndpoint;
import io.quarkus.runtime.configuration.ConfigurationException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;

/**
 * memory.classifier.llm.* read into the adapter's endpoint: empty when off; when on, a missing or
 * malformed setting stops the start naming its property (a typo must not silently mean "rules only").
 */
final class LlmClassification {
    static final String PREFIX = "memory.classifier.llm.";

    private LlmClassification() {
    }

    static Optional<ChatEndpoint> endpoint(MemoryConfig.Classifiers.Llm llm) {
        if (!llm.enabled()) {
            return Optional.empty();
        }
        String baseUrl = required(llm.baseUrl(), "base-url");
        String model = required(llm.model(), "model");
        URI uri;
        try {
            uri = new URI(baseUrl.strip());
        } catch (URISyntaxException e) {
            throw new ConfigurationException(PREFIX + "base-url: not a URL (" + e.getReason() + ")", e);
        }
        try {
            return Optional.of(new ChatEndpoint(uri, model.strip(), llm.apiKey(), llm.timeout()));
        } catch (IllegalArgumentException e) {
            // ChatEndpoint's messages start with the setting's name and never show the key
            throw new ConfigurationException(PREFIX + e.getMessage(), e);
        }
    }

    private static String required(Optional<String> value, String property) {
        return value.filter(v -> !v.isBlank()).orElseThrow(() -> new ConfigurationException(
                PREFIX + property + " is required when " + PREFIX + "enabled=true"));
    }
}
