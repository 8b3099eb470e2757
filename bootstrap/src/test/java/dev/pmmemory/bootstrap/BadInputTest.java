package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.containsString;

import dev.pmmemory.application.port.out.MemoryStore;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad input gets a 4xx problem naming the field, and nothing is stored. */
@QuarkusTest
class BadInputTest {

    @Inject
    MemoryStore store;

    static Stream<Arguments> badFeedbackBodies() {
        return Stream.of(
                Arguments.of("missing message", "{}", "message"),
                Arguments.of("blank message", "{\"message\": \"   \"}", "message"),
                Arguments.of("5000-character message", "{\"message\": \"" + "估".repeat(5000) + "\"}", "message"),
                Arguments.of("created_at not ISO-8601", "{\"message\": \"OpenAI 估值高\", \"created_at\": \"yesterday\"}",
                        "created_at"),
                Arguments.of("created_at without offset",
                        "{\"message\": \"OpenAI 估值高\", \"created_at\": \"2026-05-09T10:00:00\"}", "created_at"),
                Arguments.of("unknown source", "{\"message\": \"OpenAI 估值高\", \"source\": \"rumour\"}", "source"),
                Arguments.of("unknown type", "{\"message\": \"OpenAI 估值高\", \"type\": \"rumour\"}", "type"),
                Arguments.of("type summary", "{\"message\": \"OpenAI 估值高\", \"type\": \"summary\"}", "type"),
                Arguments.of("type of the wrong JSON type", "{\"message\": \"OpenAI 估值高\", \"type\": 3}", "type"),
                Arguments.of("message of the wrong JSON type", "{\"message\": {\"text\": \"OpenAI 估值高\"}}", "message"),
                Arguments.of("control character in message", "{\"message\": \"OpenAI\\u0000 估值高\"}", "message"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFeedbackBodies")
    void badFeedbackIsRejectedNamingTheFieldAndStoresNothing(String name, String body, String field) {
        String p = Api.newProfile("bad");
        given().contentType(ContentType.JSON).body(body)
                .when().post("/v1/profiles/{p}/feedback", p)
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("status", equalTo(400))
                .body("errors.field", hasItem(field))
                .body(not(containsString("Exception")));
        assertNothingStored(p);
    }

    @Test
    void everyBadFieldIsNamedAtOnce() {
        String p = Api.newProfile("bad-many");
        given().contentType(ContentType.JSON)
                .body("{\"message\": \"\", \"created_at\": \"nope\", \"source\": \"rumour\"}")
                .when().post("/v1/profiles/{p}/feedback", p)
                .then().statusCode(400)
                .body("errors.field", hasItems("message", "created_at", "source"));
        assertNothingStored(p);
    }

    static Stream<String> badProfileIds() {
        return Stream.of("has space", "...", "a..%2F..%2Fetc", "x".repeat(129), "profile/../other");
    }

    @ParameterizedTest(name = "profile id \"{0}\"")
    @MethodSource("badProfileIds")
    void badProfileIdIsRejectedNamingTheField(String profile) {
        given().contentType(ContentType.JSON).body(Map.of("message", "OpenAI 估值高"))
                .when().post("/v1/profiles/{p}/feedback", profile)
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("errors.field", hasItem("profile_id"));
        given().when().get("/v1/profiles/{p}/context", profile)
                .then().statusCode(400).body("errors.field", hasItem("profile_id"));
    }

    @Test
    void dotDotAsProfileIdIsRefused() {
        given().contentType(ContentType.JSON).body(Map.of("message", "OpenAI 估值高"))
                .when().post("/v1/profiles/{p}/feedback", "..")
                .then().statusCode(org.hamcrest.Matchers.allOf(
                        org.hamcrest.Matchers.greaterThanOrEqualTo(400), org.hamcrest.Matchers.lessThan(500)))
                .contentType("application/problem+json");
    }

    @Test
    void pathTraversalInProfileIdNeverReachesAnotherResource() {
        // A literal ../ is resolved by HTTP clients before sending; encoded, it must be refused as a profile id.
        given().urlEncodingEnabled(false).contentType(ContentType.JSON).body(Map.of("message", "OpenAI 估值高"))
                .when().post("/v1/profiles/..%2F..%2Fq/feedback")
                .then().statusCode(org.hamcrest.Matchers.allOf(
                        org.hamcrest.Matchers.greaterThanOrEqualTo(400), org.hamcrest.Matchers.lessThan(500)));
    }

    @Test
    void nonJsonBodyIsUnsupportedMediaType() {
        String p = Api.newProfile("bad-media");
        given().contentType(ContentType.TEXT).body("OpenAI 估值高")
                .when().post("/v1/profiles/{p}/feedback", p)
                .then().statusCode(415)
                .contentType("application/problem+json")
                .body("status", equalTo(415));
        assertNothingStored(p);
    }

    @Test
    void malformedJsonIsRejectedNamingTheBody() {
        String p = Api.newProfile("bad-json");
        given().contentType(ContentType.JSON).body("{\"message\": \"OpenAI 估值高\"")
                .when().post("/v1/profiles/{p}/feedback", p)
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("errors.field", hasItem("body"));
        assertNothingStored(p);
    }

    @Test
    void bodyOverTheLimitIsTooLarge() {
        String p = Api.newProfile("bad-size");
        String huge = "{\"message\": \"" + "x".repeat(300 * 1024) + "\"}";
        given().contentType(ContentType.JSON).body(huge)
                .when().post("/v1/profiles/{p}/feedback", p)
                .then().statusCode(413)
                .contentType("application/problem+json")
                .body("status", equalTo(413));
        assertNothingStored(p);
    }

    @ParameterizedTest(name = "limit={0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"0", "1000", "-1", "abc", "1e9", "NaN"})
    void contextLimitOutOfRangeIsRejected(String limit) {
        given().queryParam("limit", limit).when().get("/v1/profiles/{p}/context", Api.newProfile("bad-limit"))
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("errors.field", hasItem("limit"));
    }

    @Test
    void contextWithBadAsOfAndTypesNamesBoth() {
        given().queryParam("as_of", "tomorrow").queryParam("types", "gossip")
                .when().get("/v1/profiles/{p}/context", Api.newProfile("bad-ctx"))
                .then().statusCode(400)
                .body("errors.field", hasItems("as_of", "types"));
    }

    @Test
    void unknownMemoryIdIsNotFound() {
        String p = Api.newProfile("bad-id");
        Api.feedback(p, "OpenAI 估值高").statusCode(201);
        Api.memory(p, "no-such-memory").statusCode(404)
                .contentType("application/problem+json")
                .body("status", equalTo(404));
    }

    @Test
    void memoryOfAnotherProfileIsNotFound() {
        String owner = Api.newProfile("owner");
        String id = Api.feedback(owner, "OpenAI 估值高").statusCode(201).extract().path("memory.id");
        Api.memory(Api.newProfile("other"), id).statusCode(404);
    }

    @Test
    void badListParametersAreNamed() {
        Api.memories(Api.newProfile("bad-list"), Map.of("status", "alive", "type", "gossip", "cursor", "%%%",
                        "limit", "0"))
                .statusCode(400)
                .body("errors.field", hasItems("status", "type", "cursor", "limit"));
    }

    @Test
    void unknownPathIsAProblemToo() {
        given().when().get("/v1/nothing-here").then().statusCode(404).contentType("application/problem+json");
    }

    private void assertNothingStored(String profile) {
        List<Long> counts = store.read(tx -> List.of(
                tx.memories().countByProfile(profile),
                tx.rawMessages().countByProfile(profile),
                tx.auditTrail().countByProfile(profile)));
        assertThat(counts).as("memories, raw messages, audit events of " + profile).containsExactly(0L, 0L, 0L);
    }
}
