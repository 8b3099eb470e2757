package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import dev.pmmemory.application.port.out.MemoryStore;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Experiences (api.md "Experiences and sessions", rules.md §10), black-box over REST. */
@QuarkusTest
class ExperiencesAcceptanceTest {

    @Inject
    MemoryStore store;

    private static ValidatableResponse record(String profile, Map<String, ?> body) {
        return given().contentType(ContentType.JSON).body(new HashMap<>(body))
                .when().post("/v1/profiles/{p}/experiences", profile).then();
    }

    private static ValidatableResponse record(String profile, String task, String outcome, String lesson,
                                              double importance, String createdAt) {
        return record(profile, Map.of("task", task, "outcome", outcome, "lesson", lesson, "importance", importance,
                "created_at", createdAt)).statusCode(201);
    }

    private static ValidatableResponse list(String profile, Map<String, ?> params) {
        return given().queryParams(new HashMap<>(params))
                .when().get("/v1/profiles/{p}/experiences", profile).then();
    }

    private long storedExperiences(String profile) {
        return store.read(tx -> tx.experiences().countByProfile(profile));
    }

    @Test
    void aRecordedExperienceIsAnsweredAsStored() {
        String p = Api.newProfile("exp");
        String id = record(p, Map.of("task", "推荐 OpenAI 老股跟投", "outcome", "PM 拒绝",
                        "lesson", "估值高的项目先给对比估值", "created_at", "2026-05-09T18:00:00+08:00"))
                .statusCode(201)
                .contentType(ContentType.JSON)
                .body("id", notNullValue())
                .body("profile_id", equalTo(p))
                .body("task", equalTo("推荐 OpenAI 老股跟投"))
                .body("outcome", equalTo("PM 拒绝"))
                .body("lesson", equalTo("估值高的项目先给对比估值"))
                .body("importance", equalTo(0.5f))
                .body("created_at", equalTo("2026-05-09T10:00:00Z"))
                .body("keywords", hasItem("openai"))
                .body("redactions", hasSize(0))
                .extract().path("id");

        list(p, Map.of()).statusCode(200)
                .body("items.id", contains(id))
                .body("items[0].keywords", hasItem("openai"))
                .body("items[0]", not(hasKey("redactions")));
    }

    @Test
    void aSecretInAnExperienceIsNeverStoredNorReturned() {
        String p = Api.newProfile("exp-secret");
        String key = "sk-" + "abcdefghijklmnopqrstuvwx1234";
        record(p, Map.of("task", "推荐 OpenAI, key " + key, "outcome", "PM 回电 13812345678",
                        "lesson", "不要在消息里带密码: hunter2-Secret"))
                .statusCode(201)
                .body("redactions", hasItems("api_key", "mobile_number", "password"))
                .body(not(containsString(key)))
                .body(not(containsString("13812345678")))
                .body(not(containsString("hunter2-Secret")));

        list(p, Map.of()).statusCode(200).body(not(containsString(key))).body(not(containsString("hunter2-Secret")));
        given().queryParam("query", "OpenAI").queryParam("include", "experiences")
                .when().get("/v1/profiles/{p}/context", p).then().statusCode(200)
                .body("experiences", hasSize(1))
                .body(not(containsString(key)));
    }

    @Test
    void contextWithIncludeExperiencesCarriesTheRelevantOnesRankedWithTheirFactors() {
        String p = Api.newProfile("exp-ctx");
        record(p, "推荐 OpenAI 跟投", "PM 拒绝", "先给对比估值", 0.4, "2026-05-10T00:00:00Z");
        record(p, "推荐 OpenAI 老股", "PM 拒绝", "老股要问清折扣", 0.9, "2026-05-10T00:00:00Z");
        record(p, "推荐 Anthropic", "约了会", "约创始人前先发材料", 1.0, "2026-05-10T00:00:00Z");
        Api.feedback(p, "OpenAI 估值高", "2026-05-11T00:00:00Z").statusCode(201);

        Api.context(p, Map.of("query", "OpenAI", "include", "experiences", "as_of", "2026-05-20T00:00:00Z"))
                .statusCode(200)
                .body("items.content", contains("OpenAI 估值高"))
                .body("experiences.task", contains("推荐 OpenAI 老股", "推荐 OpenAI 跟投"))
                .body("experiences[0].score", notNullValue())
                .body("experiences[0].factors.importance", equalTo(0.9f))
                .body("experiences[0].factors", hasKey("keyword_match"))
                .body("experiences[0].factors", hasKey("recency_decay"))
                .body("experiences[0].factors.weight_normalized", equalTo(0.1f))
                .body("experiences[0].factors", not(hasKey("type_priority")))
                .body("prompt_block", containsString("Relevant memories (for reference):\n- [2026-05-11] "
                        + "(project_negative) OpenAI 估值高\n"))
                .body("prompt_block", containsString("Lessons from past rounds (for reference):\n"
                        + "- [2026-05-10] (PM 拒绝) 推荐 OpenAI 老股 — lesson: 老股要问清折扣\n"
                        + "- [2026-05-10] (PM 拒绝) 推荐 OpenAI 跟投 — lesson: 先给对比估值\n"))
                .body("prompt_block", not(containsString("Anthropic")));
    }

    @Test
    void limitAsOfAndAnEmptyQueryNarrowTheExperiences() {
        String p = Api.newProfile("exp-narrow");
        record(p, "推荐 OpenAI 一", "PM 拒绝", "l1", 0.2, "2026-05-01T00:00:00Z");
        record(p, "推荐 OpenAI 二", "PM 拒绝", "l2", 0.9, "2026-05-10T00:00:00Z");
        record(p, "推荐 OpenAI 三", "PM 拒绝", "l3", 0.5, "2026-05-12T00:00:00Z");

        Api.context(p, Map.of("query", "OpenAI", "include", "experiences", "limit", 1))
                .statusCode(200).body("experiences.task", contains("推荐 OpenAI 二"));
        Api.context(p, Map.of("query", "OpenAI", "include", "experiences", "as_of", "2026-05-05T00:00:00Z"))
                .statusCode(200).body("experiences.task", contains("推荐 OpenAI 一"));
        Api.context(p, Map.of("include", "experiences")).statusCode(200)
                .body("experiences", hasSize(0))
                .body("prompt_block", containsString("Lessons from past rounds (for reference):\n- (none)\n"));
    }

    @Test
    void withoutIncludeTheContextIsAsBefore() {
        String p = Api.newProfile("exp-plain");
        record(p, "推荐 OpenAI 跟投", "PM 拒绝", "先给对比估值", 0.9, "2026-05-10T00:00:00Z");

        Api.context(p, Map.of("query", "OpenAI")).statusCode(200)
                .body("$", not(hasKey("experiences")))
                .body("prompt_block", not(containsString("Lessons from past rounds")));
    }

    @Test
    void experiencesOfOneProfileNeverComeBackForAnother() {
        String a = Api.newProfile("exp-a");
        String b = Api.newProfile("exp-b");
        record(a, "推荐 OpenAI 跟投", "PM 拒绝", "先给对比估值", 0.9, "2026-05-10T00:00:00Z");

        Api.context(b, Map.of("query", "OpenAI", "include", "experiences")).statusCode(200)
                .body("experiences", hasSize(0));
        list(b, Map.of()).statusCode(200).body("items", hasSize(0));
    }

    @Test
    void theListIsNewestFirstUpToTheLimit() {
        String p = Api.newProfile("exp-list");
        for (int day = 1; day <= 3; day++) {
            record(p, "task " + day, "o", "l", 0.5, "2026-05-0" + day + "T00:00:00Z");
        }

        list(p, Map.of("limit", 2)).statusCode(200).body("items.task", contains("task 3", "task 2"));
        list(p, Map.of("limit", 0)).statusCode(400).contentType("application/problem+json")
                .body("errors.field", contains("limit"));
    }

    // --- bad input ---------------------------------------------------------------------------------

    static Stream<Arguments> badBodies() {
        String ok = "\"task\": \"t\", \"outcome\": \"o\", \"lesson\": \"l\"";
        return Stream.of(
                Arguments.of("missing task", "{\"outcome\": \"o\", \"lesson\": \"l\"}", "task"),
                Arguments.of("blank outcome", "{\"task\": \"t\", \"outcome\": \" \", \"lesson\": \"l\"}", "outcome"),
                Arguments.of("missing lesson", "{\"task\": \"t\", \"outcome\": \"o\"}", "lesson"),
                Arguments.of("4001-character task",
                        "{\"task\": \"" + "估".repeat(4001) + "\", \"outcome\": \"o\", \"lesson\": \"l\"}", "task"),
                Arguments.of("201-character outcome",
                        "{\"task\": \"t\", \"outcome\": \"" + "o".repeat(201) + "\", \"lesson\": \"l\"}", "outcome"),
                Arguments.of("importance above 1", "{" + ok + ", \"importance\": 1.5}", "importance"),
                Arguments.of("importance below 0", "{" + ok + ", \"importance\": -0.1}", "importance"),
                Arguments.of("importance not a number", "{" + ok + ", \"importance\": \"high\"}", "importance"),
                Arguments.of("created_at not ISO-8601", "{" + ok + ", \"created_at\": \"yesterday\"}", "created_at"),
                Arguments.of("control character in lesson",
                        "{\"task\": \"t\", \"outcome\": \"o\", \"lesson\": \"l\\u0000\"}", "lesson"),
                Arguments.of("task of the wrong JSON type",
                        "{\"task\": {\"a\": 1}, \"outcome\": \"o\", \"lesson\": \"l\"}", "task"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badBodies")
    void aBadExperienceIsRejectedNamingTheFieldAndStoresNothing(String name, String body, String field) {
        String p = Api.newProfile("exp-bad");
        given().contentType(ContentType.JSON).body(body)
                .when().post("/v1/profiles/{p}/experiences", p)
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("status", equalTo(400))
                .body("errors.field", hasItem(field))
                .body(not(containsString("Exception")));
        assertThat(storedExperiences(p)).isZero();
    }

    @Test
    void everyBadFieldIsNamedAtOnce() {
        given().contentType(ContentType.JSON)
                .body("{\"task\": \"\", \"outcome\": \"\", \"lesson\": \"\", \"importance\": 2,"
                        + " \"created_at\": \"nope\"}")
                .when().post("/v1/profiles/{p}/experiences", "bad profile")
                .then().statusCode(400)
                .body("errors.field", hasItems("profile_id", "task", "outcome", "lesson", "importance", "created_at"));
    }

    @Test
    void anEmptyOrNonJsonBodyIsAProblem() {
        String p = Api.newProfile("exp-empty");
        given().contentType(ContentType.JSON).when().post("/v1/profiles/{p}/experiences", p)
                .then().statusCode(400).body("errors.field", hasItems("task", "outcome", "lesson"));
        given().contentType(ContentType.TEXT).body("lesson").when().post("/v1/profiles/{p}/experiences", p)
                .then().statusCode(415).contentType("application/problem+json");
        assertThat(storedExperiences(p)).isZero();
    }

    @Test
    void anUnknownIncludeIsRejectedNamingItAndTheAllowedValues() {
        String p = Api.newProfile("exp-include");
        Api.context(p, Map.of("query", "OpenAI", "include", "facts")).statusCode(400)
                .contentType("application/problem+json")
                .body("errors.field", contains("include"))
                .body("errors[0].message", containsString("allowed: experiences"));
        Api.context(p, Map.of("query", "OpenAI", "include", "experiences,gossip")).statusCode(400)
                .body("errors.field", contains("include"));
        Api.context(p, Map.of("include", "gossip", "limit", 0)).statusCode(400)
                .body("errors.field", hasItems("include", "limit"));
    }

    @Test
    void openApiDescribesTheExperienceOperations() {
        given().queryParam("format", "json").when().get("/q/openapi").then().statusCode(200)
                .body("paths.'/v1/profiles/{profile_id}/experiences'.post.operationId", equalTo("recordExperience"))
                .body("paths.'/v1/profiles/{profile_id}/experiences'.post.tags[0]", equalTo("experiences"))
                .body("paths.'/v1/profiles/{profile_id}/experiences'.post.responses", hasKey("201"))
                .body("paths.'/v1/profiles/{profile_id}/experiences'.post.responses.'400'.content",
                        hasKey("application/problem+json"))
                .body("paths.'/v1/profiles/{profile_id}/experiences'.get.operationId", equalTo("listExperiences"))
                .body("paths.'/v1/profiles/{profile_id}/context'.get.parameters.name", hasItem("include"))
                .body("components.schemas.ExperienceRequest.properties", hasKey("created_at"))
                .body("components.schemas.ContextResponse.properties", hasKey("experiences"))
                .body("components.schemas.ExperienceScoreFactors.properties", hasKey("importance"))
                .body("components.schemas.ExperienceScoreFactors.properties", hasKey("weight_normalized"));
    }
}
