package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.ValidatableResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Short-term sessions over HTTP, on the embedded session store (the default). The test profile
 * points quarkus.redis.hosts where nothing listens: the embedded store must never need Redis.
 * {@link RedisSessionsAcceptanceTest} runs every case again on Redis.
 */
@QuarkusTest
class SessionsAcceptanceTest {

    static String newSession() {
        return "s-" + UUID.randomUUID();
    }

    static ValidatableResponse addTurn(String sid, Map<String, ?> body) {
        return given().contentType(ContentType.JSON).body(new HashMap<>(body))
                .when().post("/v1/sessions/{sid}/turns", sid)
                .then();
    }

    static ValidatableResponse turns(String sid, Map<String, ?> params) {
        return given().queryParams(new HashMap<>(params))
                .when().get("/v1/sessions/{sid}/turns", sid)
                .then();
    }

    /** What memory.sessions.ttl says in this run (1 hour by default). */
    protected Duration ttl() {
        return Duration.ofHours(1);
    }

    @Test
    void aTurnIsStoredAndAnsweredWithTheTimeTheSessionNowExpires() {
        String sid = newSession();
        JsonPath r = addTurn(sid, Map.of("role", "user", "content", "OpenAI 最近估值怎么样？", "profile_id", "pm-zhang"))
                .statusCode(201).contentType(ContentType.JSON)
                .body("session_id", equalTo(sid))
                .body("role", equalTo("user"))
                .body("content", equalTo("OpenAI 最近估值怎么样？"))
                .body("profile_id", equalTo("pm-zhang"))
                .body("redactions", empty())
                .extract().jsonPath();
        Instant created = Instant.parse(r.getString("created_at"));
        assertThat(created).isBetween(Instant.now().minusSeconds(60), Instant.now().plusSeconds(1));
        assertThat(Instant.parse(r.getString("expires_at"))).isEqualTo(created.plus(ttl()));
    }

    @Test
    void turnsComeBackOldestFirstAndLastKeepsTheNewest() {
        String sid = newSession();
        addTurn(sid, Map.of("role", "system", "content", "be brief")).statusCode(201);
        addTurn(sid, Map.of("role", "user", "content", "Anthropic 可以推进吗")).statusCode(201);
        String lastExpiry = addTurn(sid, Map.of("role", "assistant", "content", "可以，估值合理")).statusCode(201)
                .extract().path("expires_at");

        turns(sid, Map.of()).statusCode(200)
                .body("session_id", equalTo(sid))
                .body("turns.role", equalTo(List.of("system", "user", "assistant")))
                .body("turns.content", equalTo(List.of("be brief", "Anthropic 可以推进吗", "可以，估值合理")))
                .body("turns[0].profile_id", nullValue())
                .body("expires_at", equalTo(lastExpiry));
        turns(sid, Map.of("last", 2)).statusCode(200)
                .body("turns.content", equalTo(List.of("Anthropic 可以推进吗", "可以，估值合理")));
    }

    @Test
    void anUnknownSessionIsEmptyNotAnError() {
        turns(newSession(), Map.of()).statusCode(200)
                .body("turns", empty())
                .body("expires_at", nullValue());
    }

    @Test
    void secretsInATurnAreRedactedBeforeTheyAreStored() {
        String sid = newSession();
        String secret = "sk-abcdefghijklmnopqrstuvwx";
        addTurn(sid, Map.of("role", "user", "content", "my key is " + secret)).statusCode(201)
                .body("content", equalTo("my key is [REDACTED:api_key]"))
                .body("redactions", equalTo(List.of("api_key")));
        turns(sid, Map.of()).statusCode(200)
                .body("turns[0].content", equalTo("my key is [REDACTED:api_key]"))
                .body(not(containsString(secret)));
    }

    @Test
    void turnsNeverBecomeMemories() {
        String profile = Api.newProfile("sess");
        addTurn(newSession(), Map.of("role", "user", "content", "以后少推国内大模型", "profile_id", profile))
                .statusCode(201);
        Api.memories(profile, Map.of()).statusCode(200).body("items", empty());
    }

    static Stream<Arguments> badTurns() {
        return Stream.of(
                Arguments.of("missing role", Map.of("content", "hi"), "role"),
                Arguments.of("unknown role", Map.of("role", "robot", "content", "hi"), "role"),
                Arguments.of("missing content", Map.of("role", "user"), "content"),
                Arguments.of("blank content", Map.of("role", "user", "content", "  "), "content"),
                Arguments.of("4001-character content", Map.of("role", "user", "content", "估".repeat(4001)), "content"),
                Arguments.of("bad profile_id", Map.of("role", "user", "content", "hi", "profile_id", "a/b"),
                        "profile_id"),
                Arguments.of("content of the wrong JSON type", Map.of("role", "user", "content", List.of("hi")),
                        "content"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badTurns")
    void aBadTurnIsRejectedNamingTheFieldAndStoresNothing(String name, Map<String, ?> body, String field) {
        String sid = newSession();
        addTurn(sid, body).statusCode(400)
                .contentType("application/problem+json")
                .body("errors.field", hasItem(field));
        turns(sid, Map.of()).statusCode(200).body("turns", empty());
    }

    @Test
    void aBadSessionIdOrLastIsNamed() {
        addTurn("bad%20id", Map.of("role", "user", "content", "hi")).statusCode(400)
                .contentType("application/problem+json").body("errors.field", hasItem("session_id"));
        turns("bad%20id", Map.of()).statusCode(400).body("errors.field", hasItem("session_id"));
        for (Object last : List.of(0, 201, "x")) {
            turns(newSession(), Map.of("last", last)).statusCode(400)
                    .contentType("application/problem+json").body("errors.field", equalTo(List.of("last")));
        }
    }

    @Test
    void readinessReportsTheSessionStoreInUse() {
        given().when().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == 'session-store' }.status", equalTo("UP"))
                .body("checks.find { it.name == 'session-store' }.data.store", equalTo(storeName()));
    }

    protected String storeName() {
        return "embedded";
    }
}
