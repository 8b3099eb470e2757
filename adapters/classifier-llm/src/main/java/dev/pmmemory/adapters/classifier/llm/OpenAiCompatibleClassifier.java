package dev.pmmemory.adapters.classifier.llm;

import dev.pmmemory.adapters.classifier.llm.ChatAnswer.Typed;
import dev.pmmemory.adapters.classifier.llm.ChatAnswer.Unreadable;
import dev.pmmemory.domain.classify.Classifier;
import dev.pmmemory.domain.memory.MemoryType;
import java.lang.System.Logger.Level;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The Classifier port over an OpenAI-compatible chat endpoint ({@code POST {base-url}/chat/completions}),
 * the fallback after the rules. It never fails the write path: whatever goes wrong (no answer in time,
 * refused connection, non-2xx, an unreadable or unknown answer) is "not mine to say", logged as one WARN
 * line that names the endpoint and the reason, never the message or the key.
 */
public final class OpenAiCompatibleClassifier implements Classifier {

    private static final System.Logger LOG = System.getLogger(OpenAiCompatibleClassifier.class.getName());
    /** A completion naming one type is a few hundred bytes; verbose models and error pages stay well under. */
    static final int MAX_ANSWER_BYTES = 64 * 1024;

    private final ChatEndpoint endpoint;
    private final HttpClient http;

    public OpenAiCompatibleClassifier(ChatEndpoint endpoint) {
        this.endpoint = endpoint;
        this.http = HttpClient.newBuilder()
                .connectTimeout(endpoint.timeout())
                // local servers (Ollama, vLLM, llama.cpp) speak HTTP/1.1; an h2c upgrade attempt only costs time
                .version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    /** @param message the redacted feedback text: only this text leaves the process */
    @Override
    public Optional<MemoryType> classify(String message, List<String> entities) {
        String body = ClassificationPrompt.request(endpoint.model(), message, entities).toString();
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint.chatCompletions())
                .timeout(endpoint.timeout())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        endpoint.apiKey().ifPresent(key -> request.header("Authorization", "Bearer " + key));

        ChatAnswer answer = ask(request.build());
        if (answer instanceof Typed typed) {
            return Optional.of(typed.type());
        }
        if (answer instanceof Unreadable unreadable) {
            warn(unreadable.why());
        } else {
            LOG.log(Level.DEBUG, "LLM classifier: the model answered none");
        }
        return Optional.empty();
    }

    private ChatAnswer ask(HttpRequest request) {
        CompletableFuture<HttpResponse<String>> call = http.sendAsync(request, BoundedBody.ofString(MAX_ANSWER_BYTES));
        try {
            // The request timeout covers the wait for the status line only; this bounds the body too.
            HttpResponse<String> response = call.get(endpoint.timeout().toMillis(), TimeUnit.MILLISECONDS);
            if (response.statusCode() / 100 != 2) {
                return new Unreadable("HTTP " + response.statusCode());
            }
            return AnswerParser.parse(response.body());
        } catch (TimeoutException e) {
            call.cancel(true);
            return new Unreadable("no answer within " + endpoint.timeout().toMillis() + " ms");
        } catch (InterruptedException e) {
            call.cancel(true);
            Thread.currentThread().interrupt();
            return new Unreadable("interrupted while waiting");
        } catch (ExecutionException e) {
            return new Unreadable(reason(e.getCause()));
        }
    }

    /** The kind of failure only: exception messages of the HTTP stack may quote the request. */
    private String reason(Throwable failure) {
        if (failure instanceof HttpConnectTimeoutException) {
            return "cannot connect within " + endpoint.timeout().toMillis() + " ms";
        }
        if (failure instanceof HttpTimeoutException) {
            return "no answer within " + endpoint.timeout().toMillis() + " ms";
        }
        if (failure instanceof BoundedBody.TooLarge tooLarge) {
            return tooLarge.getMessage();
        }
        if (failure instanceof ConnectException) {
            return "cannot connect";
        }
        return "request failed (" + (failure == null ? "unknown" : failure.getClass().getSimpleName()) + ")";
    }

    private void warn(String why) {
        LOG.log(Level.WARNING, String.format("LLM classifier at %s (model %s): %s; the message stays unclassified",
                endpoint.displayUrl(), endpoint.model(), why));
    }

    @Override
    public String toString() {
        return "OpenAiCompatibleClassifier[" + endpoint + "]";
    }
}
