package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.ValidatableResponse;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL down at start, then back, then gone under the running service, then back (issue 3):
 * the process runs throughout; meanwhile readiness is DOWN and requests get 503 problem
 * responses within a few seconds, never a 500 or a hang; service resumes by itself. The database
 * is taken away by a proxy ({@link PostgresBehindProxy}), not by stopping a server others use;
 * bench/pg-outage.sh does the same with a real server stop under load.
 */
@QuarkusTest
@TestProfile(PostgresBehindProxyProfile.class)
class PostgresOutageTest {
    /** Pool acquisition (3 s) and driver connect (3 s) timeouts, with room for a slow machine. */
    private static final Duration BOUND = Duration.ofSeconds(10);

    @TestHTTPResource("/")
    URL root;

    @Test
    void downAtStartThenBackThenGoneThenBackAgain() {
        String p = Api.newProfile("outage");

        // down since before the start: the service is up, not ready, and answers 503
        readiness().statusCode(503).body("status", equalTo("DOWN"));
        assertUnavailable(() -> Api.feedback(p, Map.of("message", "OpenAI 估值高", "message_id", "m-1")));
        assertUnavailable(() -> Api.context(p, Map.of("query", "OpenAI")));
        // over MCP: a tool error an agent can act on (retry), within the same bound
        try (McpAgent agent = McpAgent.connect(root)) {
            long start = System.nanoTime();
            McpSchema.CallToolResult recall = agent.call("recall", "profile_id", p, "query", "OpenAI");
            assertThat(Duration.ofNanos(System.nanoTime() - start)).as("time to the tool error").isLessThan(BOUND);
            assertThat(recall.isError()).isTrue();
            assertThat(McpAgent.text(recall)).startsWith("store unavailable:").contains("retryable");
            assertThat(recall.structuredContent()).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                    .containsEntry("error", "store-unavailable").containsEntry("retryable", true);
        }
        // many at once do not queue behind each other's connection attempts
        assertAllUnavailableAtOnce(16, n -> Api.feedback(p, Map.of("message", "Company" + n + " 估值高")));

        // back: ready without a restart; the add that got a 503 can be sent again
        PostgresBehindProxy.switchDatabase(true);
        awaitReadiness(200);
        Api.feedback(p, Map.of("message", "OpenAI 估值高", "message_id", "m-1")).statusCode(201);

        // gone under the running service: open connections are reset
        PostgresBehindProxy.switchDatabase(false);
        assertUnavailable(() -> Api.feedback(p, Map.of("message", "OpenAI 估值高", "message_id", "m-2")));
        assertUnavailable(() -> Api.memories(p, Map.of()));
        awaitReadiness(503);

        // back again: what was stored before is there, and nothing half-written
        PostgresBehindProxy.switchDatabase(true);
        awaitReadiness(200);
        Api.feedback(p, Map.of("message", "OpenAI 估值高", "message_id", "m-1")).statusCode(200)
                .body("outcome", equalTo("replayed"));
        Api.feedback(p, Map.of("message", "OpenAI 估值高", "message_id", "m-2")).statusCode(200)
                .body("outcome", equalTo("deduplicated")).body("memory.weight", equalTo(2));
        Api.memories(p, Map.of()).statusCode(200).body("items.size()", equalTo(1));
    }

    private static ValidatableResponse readiness() {
        return given().when().get("/q/health/ready").then();
    }

    private static void assertUnavailable(Supplier<ValidatableResponse> call) {
        long start = System.nanoTime();
        ValidatableResponse response = call.get();
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        response.statusCode(503)
                .contentType("application/problem+json")
                .header("Retry-After", org.hamcrest.Matchers.notNullValue())
                .body("status", equalTo(503));
        assertThat(took).as("time to the 503").isLessThan(BOUND);
    }

    private static void assertAllUnavailableAtOnce(int clients, IntFunction<ValidatableResponse> call) {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<?>> calls = IntStream.range(0, clients)
                    .mapToObj(n -> pool.submit(() -> assertUnavailable(() -> call.apply(n))))
                    .collect(Collectors.toList());
            for (Future<?> f : calls) {
                f.get(60, TimeUnit.SECONDS);
            }
        } catch (ExecutionException e) {
            throw new AssertionError(e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException | TimeoutException e) {
            throw new AssertionError(e);
        } finally {
            pool.shutdownNow();
        }
    }

    private static void awaitReadiness(int status) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        int last = -1;
        while (System.nanoTime() < deadline) {
            last = readiness().extract().statusCode();
            if (last == status) {
                return;
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
        throw new AssertionError("readiness stayed " + last + ", expected " + status);
    }
}
