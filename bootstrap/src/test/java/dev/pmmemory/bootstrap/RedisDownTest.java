package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.ValidatableResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Redis down with memory.sessions.store=redis: the service starts, session calls answer 503 with
 * Retry-After, readiness is DOWN naming the session store, and feedback and context keep working.
 */
@QuarkusTest
@TestProfile(RedisDownProfile.class)
class RedisDownTest {

    @Test
    void sessionCallsAre503ProblemsWithRetryAfter() {
        String sid = SessionsAcceptanceTest.newSession();
        assertUnavailable(SessionsAcceptanceTest.addTurn(sid, Map.of("role", "user", "content", "hi")));
        assertUnavailable(SessionsAcceptanceTest.turns(sid, Map.of()));
    }

    @Test
    void badInputIsStill400NotA503() {
        SessionsAcceptanceTest.addTurn("s-1", Map.of("role", "robot", "content", "hi")).statusCode(400);
    }

    @Test
    void feedbackAndContextKeepWorking() {
        String p = Api.newProfile("redis-down");
        Api.feedback(p, "OpenAI 估值高").statusCode(201);
        Api.context(p, Map.of("query", "OpenAI")).statusCode(200).body("items[0].content", containsString("OpenAI"));
    }

    @Test
    void readinessIsDownNamingTheSessionStore() {
        given().when().get("/q/health/ready").then().statusCode(503)
                .body("status", equalTo("DOWN"))
                .body("checks.find { it.name == 'session-store' }.status", equalTo("DOWN"))
                .body("checks.find { it.name == 'session-store' }.data.store", equalTo("redis"))
                .body("checks.find { it.name == 'session-store' }.data.reason", containsString("redis"))
                .body("checks.find { it.name == 'memory-store' }.status", equalTo("UP"));
    }

    private static void assertUnavailable(ValidatableResponse response) {
        response.statusCode(503)
                .contentType("application/problem+json")
                .header("Retry-After", "5")
                .body("type", equalTo("urn:pm-memory:problem:sessions-unavailable"))
                .body("status", equalTo(503));
    }
}
