package dev.pmmemory.adapters.classifier.llm;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where and how to ask: an OpenAI-compatible base URL (e.g. {@code http://127.0.0.1:11434/v1}), the model
 * name, an optional bearer key and the most the write path may wait for an answer.
 */
public record ChatEndpoint(URI baseUrl, String model, Optional<String> apiKey, Duration timeout) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

    /** Each refusal starts with the setting's name (base-url, model, timeout), never shows the key. */
    public ChatEndpoint {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(apiKey, "apiKey");
        Objects.requireNonNull(timeout, "timeout");
        String scheme = baseUrl.getScheme();
        if (!"http".equalsIgnoreCase(scheme) && !"https".equalsIgnoreCase(scheme) || baseUrl.getHost() == null) {
            throw new IllegalArgumentException("base-url must be http(s)://host[:port][/path], got " + safe(baseUrl));
        }
        if (model.isBlank()) {
            throw new IllegalArgumentException("model must not be blank");
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive, got " + timeout);
        }
        apiKey = apiKey.filter(k -> !k.isBlank());
    }

    /** The chat completions URL: the base URL with a trailing slash or none. */
    public URI chatCompletions() {
        String base = baseUrl.toString();
        return URI.create((base.endsWith("/") ? base : base + "/") + "chat/completions");
    }

    /** The base URL fit for a log line: no user info, query or fragment (they may carry credentials). */
    public String displayUrl() {
        return safe(baseUrl);
    }

    private static String safe(URI uri) {
        String host = uri.getHost() == null ? "?" : uri.getHost();
        String port = uri.getPort() < 0 ? "" : ":" + uri.getPort();
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        return uri.getScheme() + "://" + host + port + path;
    }

    /** Never prints the key, so the record can be logged or end up in an exception message. */
    @Override
    public String toString() {
        return "ChatEndpoint[baseUrl=" + displayUrl() + ", model=" + model
                + ", apiKey=" + (apiKey.isPresent() ? "(set)" : "(none)") + ", timeout=" + timeout + "]";
    }
}
