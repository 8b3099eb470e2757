package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** POST …/feedback:batch (api.md "Feedback", issue 10 part 5), on SQLite; the PostgreSQL twin extends it. */
@QuarkusTest
class FeedbackBatchTest {

    static ValidatableResponse batch(String profile, Object items) {
        Map<String, Object> body = new HashMap<>();
        body.put("items", items);
        return given().contentType(ContentType.JSON).body(body)
                .when().post("/v1/profiles/{p}/feedback:batch", profile)
                .then();
    }

    /** A profile with nothing stored has no memory, and no raw message (the message log does not know it: 404). */
    private static void nothingStored(String p) {
        Api.memories(p, Map.of()).statusCode(200).body("items", hasSize(0));
        given().when().get("/v1/profiles/{p}/messages", p).then().statusCode(404);
    }

    @Test
    void aMixedBatchAnswersEachItemInOrderAndLaterItemsSeeEarlierOnes() {
        String p = Api.newProfile("batch");
        List<Object> items = new ArrayList<>();
        items.add(Map.of("message", "OpenAI 可以推进", "message_id", "bot-1"));                 // 0 created
        items.add(Map.of("message", ""));                                                      // 1 bad
        items.add(Map.of("message", "OpenAI 可以推进"));                                        // 2 duplicate of 0
        items.add(Map.of("message", "OpenAI 商业化弱", "source", "inferred"));                  // 3 conflicting → pending
        items.add(Map.of("message", "OpenAI 可以推进", "message_id", "bot-1"));                 // 4 retried id → replayed
        items.add(Map.of("message", "Mistral 估值高", "created_at", "yesterday"));              // 5 bad created_at
        items.add(Map.of("message", List.of("not", "text")));                                  // 6 wrong JSON type
        items.add("just a string");                                                            // 7 not an object
        items.add(Map.of("message", "今天吃什么"));                                              // 8 unclassified
        items.add(Map.of("message", "Anthropic 估值高 api_key=sk-abcdefghijklmnopqrstuvwx"));   // 9 redacted

        io.restassured.response.ExtractableResponse<?> response = batch(p, items).statusCode(200)
                .body("results", hasSize(10))
                .body("results.status", contains(201, 400, 200, 201, 200, 400, 400, 400, 200, 201))
                .body("results.outcome", contains("created", null, "deduplicated", "pending", "replayed", null, null,
                        null, "unclassified", "created"))
                .body("results[2].memory.weight", equalTo(2))
                .body("results[1].problem.status", equalTo(400))
                .body("results[1].problem.errors.field", contains("items[1].message"))
                .body("results[1].memory", nullValue())
                .body("results[5].problem.errors.field", contains("items[5].created_at"))
                .body("results[6].problem.errors.field", contains("items[6].message"))
                .body("results[7].problem.errors.field", contains("items[7]"))
                .body("results[9].redactions", contains("api_key"))
                .body("results[9].memory.content", containsString("[REDACTED:api_key]"))
                .extract();
        org.junit.jupiter.api.Assertions.assertEquals(response.<String>path("results[0].memory.id"),
                response.<String>path("results[2].memory.id"), "the duplicate reinforces the memory item 0 created");
        org.junit.jupiter.api.Assertions.assertEquals(response.<String>path("results[0].raw_message_id"),
                response.<String>path("results[4].raw_message_id"), "a retried message_id replays the first result");

        Api.memories(p, Map.of()).statusCode(200)
                .body("items.status", containsInAnyOrder("active", "pending", "active"));
        given().when().get("/v1/profiles/{p}/messages", p).then().statusCode(200).body("items", hasSize(5));
    }

    @Test
    void aBatchOfMoreThan500ItemsIsRefusedWholeAndStoresNothing() {
        String p = Api.newProfile("batch-big");
        List<Object> items = IntStream.range(0, 501).mapToObj(i -> (Object) Map.of("message", "OpenAI 可以推进"))
                .toList();

        batch(p, items).statusCode(400).contentType("application/problem+json")
                .body("errors.field", contains("items"));
        nothingStored(p);
    }

    @Test
    void noItemsOrNoBodyIsA400NamingItems() {
        String p = Api.newProfile("batch-empty");
        batch(p, List.of()).statusCode(400).body("errors.field", contains("items"));
        given().contentType(ContentType.JSON).body("{}").when().post("/v1/profiles/{p}/feedback:batch", p)
                .then().statusCode(400).body("errors.field", contains("items"));
        batch("bad profile!", List.of(Map.of("message", "OpenAI 可以推进"))).statusCode(400)
                .body("errors.field", contains("profile_id"));
        nothingStored(p);
    }

    @Test
    void aBodyOverTheBatchLimitIsA413AndStoresNothing() {
        String p = Api.newProfile("batch-huge");
        String longText = "长".repeat(4000); // 12 000 bytes of UTF-8; 500 of them are over the 4 MiB batch limit
        List<Object> items = IntStream.range(0, 500).mapToObj(i -> (Object) Map.of("message", "OpenAI 可以推进" + longText))
                .toList();

        batch(p, items).statusCode(413).contentType("application/problem+json");
        nothingStored(p);
    }

    @Test
    void fiveHundredItemsAreAccepted() {
        String p = Api.newProfile("batch-500");
        List<Object> items = IntStream.range(0, 500)
                .mapToObj(i -> (Object) Map.of("message", "Company" + i + " 可以推进"))
                .toList();

        batch(p, items).statusCode(200).body("results", hasSize(500))
                .body("results.outcome", org.hamcrest.Matchers.everyItem(equalTo("created")));
    }

    @Test
    void aBodyOverTheSingleAddLimitButUnderTheBatchLimitIsAccepted() {
        String p = Api.newProfile("batch-long");
        String longText = "长".repeat(3900); // ≈ 12 KB of UTF-8: 22 of them are over the 256 KiB of a single add
        List<Object> items = IntStream.range(0, 22)
                .mapToObj(i -> (Object) Map.of("message", "Company" + i + " 可以推进" + longText))
                .toList();

        batch(p, items).statusCode(200).body("results", hasSize(22))
                .body("results.problem", org.hamcrest.Matchers.everyItem(nullValue()));
    }

    @Test
    void theColonMayBeSentEncoded() {
        String p = Api.newProfile("batch-encoded");
        given().urlEncodingEnabled(false).contentType(ContentType.JSON)
                .body(Map.of("items", List.of(Map.of("message", "OpenAI 可以推进"))))
                .when().post("/v1/profiles/" + p + "/feedback%3Abatch")
                .then().statusCode(200).body("results[0].outcome", equalTo("created"));
    }

    @Test
    void theOperationIsDocumentedAtThePathCallersUse() {
        given().queryParam("format", "json").when().get("/q/openapi").then().statusCode(200)
                .body("paths.'/v1/profiles/{profile_id}/feedback:batch'.post.operationId", equalTo("addFeedbackBatch"))
                .body("paths.'/v1/profiles/{profile_id}/feedback:batch'.post.responses", org.hamcrest.Matchers.hasKey("413"))
                .body("components.schemas.FeedbackBatchRequest.properties.items.maxItems", equalTo(500))
                .body("components.schemas.FeedbackBatchRequest.properties.items.items.'$ref'",
                        equalTo("#/components/schemas/FeedbackRequest"));
    }
}
