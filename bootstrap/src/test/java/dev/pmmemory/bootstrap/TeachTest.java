package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Feedback with a caller-chosen {@code type} (the console's teach): the classifier is skipped, everything
 * else is as for any feedback. On SQLite; the PostgreSQL twin extends it.
 */
@QuarkusTest
class TeachTest {
    /** The rules classify nothing here: no decision, preference, status or market word. */
    private static final String UNCLASSIFIABLE = "Anthropic 今天吃什么";

    @Test
    void aMessageTheRulesLeaveUnclassifiedBecomesAMemoryOfTheGivenType() {
        String p = Api.newProfile("teach");
        String rawId = Api.feedback(p, UNCLASSIFIABLE).statusCode(200)
                .body("outcome", equalTo("unclassified")).extract().path("raw_message_id");

        String memoryId = Api.feedback(p, Map.of("message", UNCLASSIFIABLE, "type", "project_negative",
                        "message_id", "teach-" + rawId)).statusCode(201)
                .body("outcome", equalTo("created"))
                .body("memory.type", equalTo("project_negative"))
                .body("memory.entities", contains("Anthropic"))
                .extract().path("memory.id");

        Api.memories(p, Map.of("type", "project_negative")).statusCode(200)
                .body("items.id", contains(memoryId));
        Api.memory(p, memoryId).statusCode(200)
                .body("audit_events.detail", hasItem("type=project_negative source=explicit type_given=true"));
        // Teach pressed twice: the message_id replays the first answer, nothing is stored twice.
        Api.feedback(p, Map.of("message", UNCLASSIFIABLE, "type", "project_negative",
                        "message_id", "teach-" + rawId)).statusCode(200)
                .body("outcome", equalTo("replayed"))
                .body("memory.id", equalTo(memoryId));
        Api.memories(p, Map.of()).statusCode(200).body("items", hasSize(1));
    }

    @Test
    void aGivenDecisionTypeSupersedesTheOppositeDecision() {
        String p = Api.newProfile("teach");
        String advance = Api.feedback(p, "Anthropic 可以推进").statusCode(201).extract().path("memory.id");

        Api.feedback(p, Map.of("message", UNCLASSIFIABLE, "type", "project_negative")).statusCode(201)
                .body("superseded", contains(advance));
        Api.memory(p, advance).statusCode(200).body("status", equalTo("superseded"));
    }

    @Test
    void batchItemsMayGiveATypeAndABadOneIsNamed() {
        String p = Api.newProfile("teach");
        FeedbackBatchTest.batch(p, List.of(
                        Map.of("message", UNCLASSIFIABLE, "type", "market_info"),
                        Map.of("message", UNCLASSIFIABLE, "type", "summary"),
                        Map.of("message", UNCLASSIFIABLE)))
                .statusCode(200)
                .body("results.status", contains(201, 400, 200))
                .body("results.outcome", contains("created", null, "unclassified"))
                .body("results[0].memory.type", equalTo("market_info"))
                .body("results[1].problem.errors.field", contains("items[1].type"))
                .body("results[1].memory", nullValue());
    }

    @Test
    void theTypeIsAnEnumOfTheClassifiableTypesInTheOpenApiDocument() {
        given().queryParam("format", "json").when().get("/q/openapi").then().statusCode(200)
                .body("components.schemas.FeedbackRequest.properties.type.enum", contains("long_term_preference",
                        "project_negative", "project_advance", "project_positive", "market_info", "temp_status"));
    }
}
