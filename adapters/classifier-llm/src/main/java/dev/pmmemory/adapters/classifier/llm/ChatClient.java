package dev.pmmemory.adapters.classifier.llm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.ConnectException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One POST to {@code {base-url}/chat/completions}, bounded in time and size, shared by the
 * classifier and the summarizer. It never throws: a failure comes back as a reason fit for a log
 * line (the kind of failure only; exception messages of the HTTP stack may quote the request).
 */
final class ChatClient {

    /** The response body of a 2xx answer, or why there is none. */
    sealed interface Reply {
        record Body(String text) implements Reply {
        }

        record Failed(String why) implements Reply {
        }
    }

    private final ChatEndpoint endpoint;
    private final int maxAnswerBytes;
    private final HttpClient http;

    ChatClient(ChatEndpoint endpoint, int maxAnswerBytes) {
        this.endpoint = endpoint;
        this.maxAnswerBytes = maxAnswerBytes;
        this.http = HttpClient.newBuilder()
                .connectTimeout(endpoint.timeout())
                // local servers (Ollama, vLLM, llama.cpp) speak HTTP/1.1; an h2c upgrade attempt only costs time
                .version(HttpClient.Version.HTTP_1_1)
                .build();
    }

    Reply post(ObjectNode body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint.chatCompletions())
                .timeout(endpoint.timeout())
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
        endpoint.apiKey().ifPresent(key -> request.header("Authorization", "Bearer " + key));
        CompletableFuture<HttpResponse<String>> call = http.sendAsync(request.build(),
                BoundedBody.ofString(maxAnswerBytes));
        try {
            // The request timeout covers the wait for the status line only; this bounds the body too.
            HttpResponse<String> response = call.get(endpoint.timeout().toMillis(), TimeUnit.MILLISECONDS);
            if (response.statusCode() / 100 != 2) {
                return new Reply.Failed("HTTP " + response.statusCode());
            }
            return new Reply.Body(response.body());
        } catch (TimeoutException e) {
            call.cancel(true);
            return new Reply.Failed("no answer within " + endpoint.timeout().toMillis() + " ms");
        } catch (InterruptedException e) {
            call.cancel(true);
            Thread.currentThread().interrupt();
            return new Reply.Failed("interrupted while waiting");
        } catch (ExecutionException e) {
            return new Reply.Failed(reason(e.getCause()));
        }
    }

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
}
