package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import dev.pmmemory.domain.memory.MemoryType;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What bot developers generate clients from and operators scrape must match the wire. */
@QuarkusTest
class ApiContractTest {

    @Test
    void openApiShowsSnakeCaseNamesTagsAndOperationIds() {
        given().queryParam("format", "json").when().get("/q/openapi").then().statusCode(200)
                .body("components.schemas.Memory.properties", hasKey("profile_id"))
                .body("components.schemas.Memory.properties", hasKey("last_seen_at"))
                .body("components.schemas.Memory.properties", not(hasKey("profileId")))
                .body("components.schemas.FeedbackRequest.properties", hasKey("created_at"))
                .body("components.schemas.ContextItem.properties", hasKey("score"))
                .body("paths.'/v1/profiles/{profile_id}/feedback'.post.operationId", equalTo("addFeedback"))
                .body("paths.'/v1/profiles/{profile_id}/feedback'.post.tags[0]", equalTo("feedback"))
                .body("paths.'/v1/profiles/{profile_id}/feedback'.post.responses", hasKey("400"))
                .body("paths.'/v1/profiles/{profile_id}/context'.get.operationId", equalTo("getContext"))
                .body("paths.'/v1/profiles/{profile_id}/memories'.get.operationId", equalTo("listMemories"))
                .body("paths.'/v1/profiles/{profile_id}/memories/{memory_id}'.get.operationId", equalTo("getMemory"))
                .body("paths.'/v1/profiles/{profile_id}/memories/{memory_id}'.get.responses.'404'.content",
                        hasKey("application/problem+json"))
                .body("paths.'/v1/profiles/{profile_id}/context'.get.responses", hasKey("401"))
                .body("paths.'/v1/profiles/{profile_id}/context'.get.responses", hasKey("403"))
                .body("paths.'/v1/profiles/{profile_id}/context'.get.responses", hasKey("429"))
                .body("paths.'/v1/profiles/{profile_id}/context'.get.responses", hasKey("503"))
                .body("paths.'/v1/profiles/{profile_id}/feedback'.post.responses.'415'.content",
                        hasKey("application/problem+json"))
                .body("paths.'/v1/profiles/{profile_id}/context'.get.responses", not(hasKey("415")));
    }

    /** A client generated from /q/openapi gets typed, bounded parameters, not strings (issue 10 part 7). */
    @Test
    void queryParametersAreTypedWithTheirBoundsAndEnums() {
        String context = "paths.'/v1/profiles/{profile_id}/context'.get.parameters.find { it.name == '%s' }.schema";
        String memories = "paths.'/v1/profiles/{profile_id}/memories'.get.parameters.find { it.name == '%s' }.schema";
        String messages = "paths.'/v1/profiles/{profile_id}/messages'.get.parameters.find { it.name == '%s' }.schema";
        List<String> wireTypes = Arrays.stream(MemoryType.values()).map(MemoryType::wireName).toList();
        given().queryParam("format", "json").when().get("/q/openapi").then().statusCode(200)
                .body(context.formatted("limit") + ".type", equalTo("integer"))
                .body(context.formatted("limit") + ".minimum", equalTo(1))
                .body(context.formatted("limit") + ".maximum", equalTo(50))
                .body(context.formatted("limit") + ".default", equalTo(3))
                .body(context.formatted("as_of") + ".format", equalTo("date-time"))
                .body(context.formatted("types") + ".type", equalTo("array"))
                .body("components.schemas.MemoryType.enum", containsInAnyOrder(wireTypes.toArray()))
                .body("components.schemas.ContextSection.enum", contains("experiences"))
                .body(memories.formatted("limit") + ".maximum", equalTo(200))
                .body(memories.formatted("status") + ".enum",
                        containsInAnyOrder("active", "expired", "superseded", "pending", "rejected", "deleted"))
                .body(messages.formatted("outcome") + ".enum",
                        containsInAnyOrder("created", "deduplicated", "pending", "unclassified"));
    }

    @Test
    void healthIsUpAndReadyWhileTheStoreAnswers() {
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"))
                .body("checks.name", org.hamcrest.Matchers.hasItem("memory-store"));
    }

    @Test
    void metricsCountAddsByOutcomeAndTimeContextCalls() {
        String p = Api.newProfile("metrics");
        Api.feedback(p, "OpenAI 估值高").statusCode(201);
        Api.feedback(p, "今天吃什么").statusCode(200).body("outcome", equalTo("unclassified"));
        Api.context(p, Map.of("query", "OpenAI")).statusCode(200);
        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("pm_memory_feedback_adds_total{outcome=\"created\"}"))
                .body(containsString("pm_memory_feedback_adds_total{outcome=\"unclassified\"}"))
                .body(containsString("pm_memory_context_latency_seconds_bucket"));
    }

    @Test
    void contextCarriesScoresFactorsAndAPromptBlock() {
        String p = Api.newProfile("shape");
        Api.feedback(p, "以后少推国内大模型").statusCode(201);
        Api.feedback(p, "OpenAI 估值高", "2026-05-09T10:00:00Z").statusCode(201);
        Api.context(p, Map.of("query", "OpenAI", "as_of", "2026-05-10T10:00:00Z")).statusCode(200)
                .body("profile_id", equalTo(p))
                .body("query", equalTo("OpenAI"))
                .body("as_of", equalTo("2026-05-10T10:00:00Z"))
                .body("items[0].score", notNullValue())
                .body("items[0].factors", hasKey("keyword_match"))
                .body("items[0].factors", hasKey("recency_decay"))
                .body("items[0].factors", hasKey("type_priority"))
                .body("items[0].factors", hasKey("weight_normalized"))
                .body("prompt_block", containsString("Core preferences (always apply):"))
                .body("prompt_block", containsString("(project_negative) OpenAI 估值高"))
                .body("prompt_block", containsString("Relevant memories (for reference):"));
    }

    @Test
    void listIsNewestFirstAndCursorPaged() {
        String p = Api.newProfile("paging");
        for (int day = 1; day <= 5; day++) {
            Api.feedback(p, "Company" + (char) ('A' + day) + " 估值高", "2026-05-0" + day + "T10:00:00Z")
                    .statusCode(201);
        }
        String cursor = Api.memories(p, Map.of("limit", 2)).statusCode(200)
                .body("items.created_at", org.hamcrest.Matchers.contains("2026-05-05T10:00:00Z", "2026-05-04T10:00:00Z"))
                .extract().path("next_cursor");
        String cursor2 = Api.memories(p, Map.of("limit", 2, "cursor", cursor)).statusCode(200)
                .body("items.created_at", org.hamcrest.Matchers.contains("2026-05-03T10:00:00Z", "2026-05-02T10:00:00Z"))
                .extract().path("next_cursor");
        Api.memories(p, Map.of("limit", 2, "cursor", cursor2)).statusCode(200)
                .body("items.created_at", org.hamcrest.Matchers.contains("2026-05-01T10:00:00Z"))
                .body("next_cursor", org.hamcrest.Matchers.nullValue());
    }
}
