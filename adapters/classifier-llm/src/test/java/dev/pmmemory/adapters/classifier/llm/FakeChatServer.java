package dev.pmmemory.adapters.classifier.llm;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/** An OpenAI-compatible chat endpoint on an ephemeral loopback port that answers what the test says. */
final class FakeChatServer implements AutoCloseable {

    record Received(String method, String path, Optional<String> authorization, String body) {
    }

    /** A canned HTTP answer; a null body means "never answer". */
    record Reply(int status, String body) {
        static Reply content(String content) {
            ObjectNode response = JsonNodeFactory.instance.objectNode();
            response.putArray("choices").addObject().putObject("message")
                    .put("role", "assistant").put("content", content);
            return new Reply(200, response.toString());
        }

        static Reply type(String wireName) {
            return content("{\"type\": \"" + wireName + "\"}");
        }

        static Reply never() {
            return new Reply(200, null);
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final CountDownLatch closing = new CountDownLatch(1);
    private volatile Function<Received, Reply> replies = r -> Reply.type("none");

    FakeChatServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(threads);
        server.createContext("/", this::handle);
        server.start();
    }

    FakeChatServer answering(Function<Received, Reply> replies) {
        this.replies = replies;
        return this;
    }

    URI baseUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    }

    List<Received> received() {
        return List.copyOf(received);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Received r = new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                Optional.ofNullable(exchange.getRequestHeaders().getFirst("Authorization")), body);
        received.add(r);
        Reply reply = replies.apply(r);
        if (reply.body() == null) {
            try {
                closing.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
            return;
        }
        byte[] bytes = reply.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(reply.status(), bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        closing.countDown();
        server.stop(0);
        threads.shutdownNow();
    }
}
