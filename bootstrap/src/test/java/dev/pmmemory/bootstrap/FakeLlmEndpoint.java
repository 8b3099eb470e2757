package dev.pmmemory.bootstrap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A fake OpenAI-compatible chat endpoint on a loopback port, configured as the application's LLM
 * classifier. It answers project_negative with a confidence of 0.95 for anything about unit economics,
 * project_positive with 0.6 for gross margins, project_advance with no confidence for a cap table, and "none"
 * otherwise, and
 * shows what it received at {@code GET {base-url}/received} (the test reads it over HTTP, so it shares
 * no object with the application).
 */
public class FakeLlmEndpoint implements QuarkusTestResourceLifecycleManager {
    static final String MODEL = "fake-chat-model";
    static final String API_KEY = "sk-fake-" + "llm-key-never-logged-42";

    private final ObjectMapper json = new ObjectMapper();
    private final List<ObjectNode> received = new CopyOnWriteArrayList<>();
    private HttpServer server;

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/v1/chat/completions", this::answer);
        server.createContext("/v1/received", this::showReceived);
        server.start();
        return Map.of(
                "memory.classifier.llm.enabled", "true",
                "memory.classifier.llm.base-url", "http://127.0.0.1:" + server.getAddress().getPort() + "/v1",
                "memory.classifier.llm.model", MODEL,
                "memory.classifier.llm.api-key", API_KEY,
                "memory.classifier.llm.timeout", "2S");
    }

    private void answer(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        ObjectNode seen = json.createObjectNode();
        seen.put("authorization", String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
        seen.put("body", body);
        received.add(seen);
        JsonNode request = json.readTree(body);
        String userText = request.path("messages").path(1).path("content").asText().toLowerCase();
        String answer;
        if (userText.contains("unit economics")) {
            answer = "{\"type\": \"project_negative\", \"confidence\": 0.95}";
        } else if (userText.contains("gross margin")) {
            answer = "{\"type\": \"project_positive\", \"confidence\": 0.6}";
        } else if (userText.contains("cap table")) {
            answer = "{\"type\": \"project_advance\"}";
        } else {
            answer = "{\"type\": \"none\"}";
        }
        ObjectNode response = json.createObjectNode();
        response.putArray("choices").addObject().putObject("message").put("role", "assistant")
                .put("content", "```json\n" + answer + "\n```");
        send(exchange, response.toString());
    }

    private void showReceived(HttpExchange exchange) throws IOException {
        ArrayNode all = json.createArrayNode();
        received.forEach(all::add);
        send(exchange, all.toString());
    }

    private static void send(HttpExchange exchange, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
