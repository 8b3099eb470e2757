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
        return Optional.of(endpoint(llm, llm.timeout(), PREFIX + "enabled=true"));
    }

    /** The floor of the model's stated confidence (checked whether or not the classifier is on: a typo stays a typo). */
    static double holdBelow(MemoryConfig.Classifiers.Llm llm) {
        double floor = llm.holdBelow();
        if (!(floor >= 0 && floor <= 1)) {
            throw new ConfigurationException(PREFIX + "hold-below: must be in [0, 1], was " + floor);
        }
        return floor;
    }

    /**
     * The same endpoint for the compact job's summarizer ({@code memory.summarizer.llm.enabled}),
     * with its own timeout; the classifier itself may stay off.
     */
    static Optional<ChatEndpoint> summarizerEndpoint(MemoryConfig.Summarizers.Llm summarizer,
                                                     MemoryConfig.Classifiers.Llm classifier) {
        if (!summarizer.enabled()) {
            return Optional.empty();
        }
        return Optional.of(endpoint(classifier, summarizer.timeout(), "memory.summarizer.llm.enabled=true"));
    }

    private static ChatEndpoint endpoint(MemoryConfig.Classifiers.Llm llm, java.time.Duration timeout, String when) {
        String baseUrl = required(llm.baseUrl(), "base-url", when);
        String model = required(llm.model(), "model", when);
        URI uri;
        try {
            uri = new URI(baseUrl.strip());
        } catch (URISyntaxException e) {
            throw new ConfigurationException(PREFIX + "base-url: not a URL (" + e.getReason() + ")", e);
        }
        try {
            return new ChatEndpoint(uri, model.strip(), llm.apiKey(), timeout);
        } catch (IllegalArgumentException e) {
            // ChatEndpoint's messages start with the setting's name and never show the key
            throw new ConfigurationException(PREFIX + e.getMessage(), e);
        }
    }

    private static String required(Optional<String> value, String property, String when) {
        return value.filter(v -> !v.isBlank()).orElseThrow(() -> new ConfigurationException(
                PREFIX + property + " is required when " + when));
    }
}
