package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.context;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.domain.fact.Fact;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 10 part 4 over REST: structured facts, versioned. A new value closes the old version, the
 * same value changes nothing, DELETE closes, reads at as_of see the past, the context's prompt block
 * carries the current facts. Every refused call leaves the store as it was.
 */
@QuarkusTest
class FactsAcceptanceTest {
    private static final String FACT = "/v1/profiles/{p}/facts/{a}";

    @Inject
    MemoryStore store;

    // --- helpers ---------------------------------------------------------------------------------

    private static ValidatableResponse put(String p, String attribute, String json) {
        return given().contentType(ContentType.JSON).body(json).when().put(FACT, p, attribute).then();
    }

    private static ValidatableResponse get(String p, String attribute, Map<String, ?> params) {
        return given().queryParams(params).when().get(FACT, p, attribute).then();
    }

    private static ValidatableResponse list(String p, Map<String, ?> params) {
        return given().queryParams(params).when().get("/v1/profiles/{p}/facts", p).then();
    }

    private static ValidatableResponse history(String p, String attribute) {
        return given().when().get(FACT + "/history", p, attribute).then();
    }

    private static ValidatableResponse delete(String p, String attribute) {
        return given().when().delete(FACT, p, attribute).then();
    }

    private record Snapshot(List<Fact> facts, List<AuditEvent> events) {
    }

    private Snapshot snapshot(String p) {
        return store.read(tx -> new Snapshot(tx.facts().allVersions(p), tx.auditTrail().newestFirst(p, null, null,
                1000)));
    }

    private static void problem(ValidatableResponse r, int status) {
        r.statusCode(status).contentType("application/problem+json").body("status", equalTo(status))
                .body(not(containsString("Exception")));
    }

    // --- versions --------------------------------------------------------------------------------

    @Test
    void aNewValueClosesTheOldVersionAndLinksToIt_andAsOfReadsThePast() {
        String p = newProfile("facts-versions");
        String first = put(p, "focus_stage", "{\"value\": \"early\", \"valid_from\": \"2026-05-01T00:00:00Z\"}")
                .statusCode(201)
                .body("created", equalTo(true))
                .body("closed", nullValue())
                .body("fact.attribute", equalTo("focus_stage"))
                .body("fact.value", equalTo("early"))
                .body("fact.confidence", equalTo(1.0f))
                .body("fact.source", equalTo("explicit"))
                .body("fact.valid_from", equalTo("2026-05-01T00:00:00Z"))
                .body("fact.valid_until", nullValue())
                .body("fact.supersedes", nullValue())
                .body("fact.recorded_by", equalTo("local"))
                .extract().path("fact.id");

        String second = put(p, "focus_stage", "{\"value\": \"growth\", \"source\": \"inferred\","
                + " \"valid_from\": \"2026-05-09T10:00:00+08:00\"}")
                .statusCode(201)
                .body("fact.value", equalTo("growth"))
                .body("fact.confidence", equalTo(0.5f))
                .body("fact.supersedes", equalTo(first))
                .body("closed.id", equalTo(first))
                .body("closed.valid_until", equalTo("2026-05-09T02:00:00Z"))
                .extract().path("fact.id");

        get(p, "focus_stage", Map.of()).statusCode(200).body("id", equalTo(second));
        get(p, "focus_stage", Map.of("as_of", "2026-05-05T00:00:00Z")).statusCode(200)
                .body("id", equalTo(first)).body("value", equalTo("early"))
                .body("valid_until", equalTo("2026-05-09T02:00:00Z"));
        problem(get(p, "focus_stage", Map.of("as_of", "2026-04-30T00:00:00Z")), 404);
        history(p, "focus_stage").statusCode(200)
                .body("attribute", equalTo("focus_stage"))
                .body("versions.id", contains(first, second))
                .body("versions[1].supersedes", equalTo(first));
    }

    @Test
    void anyJsonIsAValue_listedByAttributeAtAnInstant_andFactsNeverExpire() {
        String p = newProfile("facts-list");
        put(p, "ticket_size_usd_m", "{\"value\": [2, 5.0]}").statusCode(201).body("fact.value", contains(2, 5));
        put(p, "regions", "{\"value\": [\"overseas\"], \"confidence\": 0.9}").statusCode(201);
        put(p, "profile", "{\"value\": {\"stage\": \"early\", \"active\": true}}").statusCode(201)
                .body("fact.value.stage", equalTo("early")).body("fact.value.active", equalTo(true));

        list(p, Map.of()).statusCode(200)
                .body("profile_id", equalTo(p))
                .body("as_of", notNullValue())
                .body("items.attribute", contains("profile", "regions", "ticket_size_usd_m"))
                .body("items[1].value", contains("overseas"))
                .body("items[1].confidence", equalTo(0.9f));
        list(p, Map.of("as_of", "2126-01-01T00:00:00Z")).statusCode(200).body("items.size()", equalTo(3));
        list(p, Map.of("as_of", "2000-01-01T00:00:00Z")).statusCode(200).body("items", empty());
        list(newProfile("facts-nobody"), Map.of()).statusCode(200).body("items", empty());
    }

    @Test
    void theSameValueAgainIs200WithTheCurrentVersion_noNewRowNoAudit() {
        String p = newProfile("facts-same");
        String id = put(p, "regions", "{\"value\": {\"b\": [1, 2], \"a\": \"overseas\"}}").statusCode(201)
                .extract().path("fact.id");
        Snapshot before = snapshot(p);

        put(p, "regions", "{\"value\": {\"a\": \"overseas\", \"b\": [1.0, 2]}, \"confidence\": 0.2}")
                .statusCode(200)
                .body("created", equalTo(false))
                .body("fact.id", equalTo(id))
                .body("closed", nullValue());
        assertThat(snapshot(p)).isEqualTo(before);
    }

    @Test
    void aValidFromThatWouldRewriteHistoryIsA409NamingIt_andChangesNothing() {
        String p = newProfile("facts-past");
        put(p, "focus_stage", "{\"value\": \"early\", \"valid_from\": \"2026-05-09T00:00:00Z\"}").statusCode(201);
        Snapshot before = snapshot(p);

        ValidatableResponse r = put(p, "focus_stage", "{\"value\": \"growth\", \"valid_from\": \"2026-05-01T00:00:00Z\"}");
        problem(r, 409);
        r.body("detail", containsString("valid_from"));
        problem(put(p, "focus_stage", "{\"value\": \"growth\", \"valid_from\": \"2026-05-09T00:00:00Z\"}"), 409);
        assertThat(snapshot(p)).isEqualTo(before);
    }

    // --- closing ---------------------------------------------------------------------------------

    @Test
    void deleteClosesTheCurrentVersion_keepsTheHistory_andAPutStartsAgain() {
        String p = newProfile("facts-close");
        String first = put(p, "focus_stage", "{\"value\": \"early\", \"valid_from\": \"2026-01-01T00:00:00Z\"}")
                .statusCode(201).extract().path("fact.id");

        delete(p, "focus_stage").statusCode(200)
                .body("id", equalTo(first)).body("valid_until", notNullValue());

        problem(get(p, "focus_stage", Map.of()), 404);
        list(p, Map.of()).statusCode(200).body("items", empty());
        get(p, "focus_stage", Map.of("as_of", "2026-02-01T00:00:00Z")).statusCode(200).body("id", equalTo(first));
        history(p, "focus_stage").statusCode(200).body("versions.id", contains(first));

        Snapshot before = snapshot(p);
        problem(delete(p, "focus_stage"), 409);
        problem(delete(p, "never_set"), 404);
        problem(history(p, "never_set"), 404);
        assertThat(snapshot(p)).isEqualTo(before);

        put(p, "focus_stage", "{\"value\": \"early\"}").statusCode(201).body("fact.supersedes", equalTo(first));
        history(p, "focus_stage").statusCode(200).body("versions.size()", equalTo(2));
    }

    @Test
    void everyChangeIsInTheAuditTrailWithActorBeforeAndAfter() {
        String p = newProfile("facts-audit");
        String first = put(p, "focus_stage", "{\"value\": \"early\"}").statusCode(201).extract().path("fact.id");
        String second = put(p, "focus_stage", "{\"value\": \"growth\"}").statusCode(201).extract().path("fact.id");
        delete(p, "focus_stage").statusCode(200);

        given().when().get("/v1/profiles/{p}/audit", p).then().statusCode(200)
                .body("items.kind", contains("fact_closed", "fact_recorded", "fact_recorded"))
                .body("items.actor", contains("local", "local", "local"))
                .body("items[0].before.id", equalTo(second))
                .body("items[0].before.valid_until", nullValue())
                .body("items[0].after.valid_until", notNullValue())
                .body("items[1].before.id", equalTo(first))
                .body("items[1].after.value", equalTo("\"growth\""))
                .body("items[2].before", nullValue())
                .body("items[2].detail", containsString("attribute=focus_stage"));
    }

    @Test
    void aSecretInAValueIsRedactedBeforeItIsStored() {
        String p = newProfile("facts-secret");
        put(p, "contact", "{\"value\": {\"phone\": \"13812345678\"}}").statusCode(201)
                .body("redactions", hasItem("mobile_number"))
                .body("fact.value.phone", startsWith("[REDACTED:"));

        assertThat(snapshot(p).toString()).doesNotContain("13812345678");
        history(p, "contact").statusCode(200).body(not(containsString("13812345678")));
    }

    // --- context ---------------------------------------------------------------------------------

    @Test
    void currentFactsHeadThePromptBlockAsTheReliableSection_atTheContextsAsOf() {
        String p = newProfile("facts-context");
        put(p, "focus_stage", "{\"value\": \"early\", \"valid_from\": \"2026-05-01T00:00:00Z\"}").statusCode(201);
        put(p, "regions", "{\"value\": [\"overseas\"], \"valid_from\": \"2026-05-01T00:00:00Z\"}").statusCode(201);
        put(p, "focus_stage", "{\"value\": \"growth\", \"valid_from\": \"2026-06-01T00:00:00Z\"}").statusCode(201);

        context(p, Map.of("query", "海外", "as_of", "2026-05-15T00:00:00Z")).statusCode(200)
                .body("prompt_block", startsWith("Known facts (reliable, treat as ground truth):\n"
                        + "- focus_stage: \"early\" (since 2026-05-01)\n"
                        + "- regions: [\"overseas\"] (since 2026-05-01)\n\n"
                        + "Core preferences (always apply):"));
        context(p, Map.of("query", "海外")).statusCode(200)
                .body("prompt_block", containsString("- focus_stage: \"growth\" (since 2026-06-01)"));
        context(p, Map.of("query", "海外", "as_of", "2026-04-01T00:00:00Z")).statusCode(200)
                .body("prompt_block", startsWith("Core preferences (always apply):"));
    }

    // --- bad input -------------------------------------------------------------------------------

    static Stream<Arguments> badPuts() {
        return Stream.of(
                Arguments.of("Focus-Stage", "{\"value\": \"early\"}", "attribute"),
                Arguments.of("9lives", "{\"value\": \"early\"}", "attribute"),
                Arguments.of("focus_stage", "{\"value\": \"\"}", "value"),
                Arguments.of("focus_stage", "{\"value\": \"   \"}", "value"),
                Arguments.of("focus_stage", "{\"value\": null}", "value"),
                Arguments.of("focus_stage", "{\"value\": []}", "value"),
                Arguments.of("focus_stage", "{\"value\": {}}", "value"),
                Arguments.of("focus_stage", "{}", "value"),
                Arguments.of("focus_stage", "{\"value\": \"early\", \"colour\": \"red\"}", "colour"),
                Arguments.of("focus_stage", "{\"value\": \"early\", \"confidence\": 1.5}", "confidence"),
                Arguments.of("focus_stage", "{\"value\": \"early\", \"confidence\": \"high\"}", "confidence"),
                Arguments.of("focus_stage", "{\"value\": \"early\", \"source\": \"rumour\"}", "source"),
                Arguments.of("focus_stage", "{\"value\": \"early\", \"valid_from\": \"yesterday\"}", "valid_from"),
                Arguments.of("focus_stage", "{\"value\": \"a\\u0000b\"}", "value"),
                Arguments.of("focus_stage", "{\"value\": 1e400}", "value"),
                Arguments.of("focus_stage", "[\"early\"]", "body"));
    }

    @ParameterizedTest
    @MethodSource("badPuts")
    void aBadPutIs400NamingTheField_andStoresNothing(String attribute, String json, String field) {
        String p = newProfile("facts-bad");

        ValidatableResponse r = put(p, attribute, json);

        problem(r, 400);
        r.body("errors.field", hasItem(field));
        assertThat(snapshot(p)).isEqualTo(new Snapshot(List.of(), List.of()));
    }

    @Test
    void badReadsAre400NamingTheField() {
        String p = newProfile("facts-bad-read");
        problem(list(p, Map.of("as_of", "soon")), 400);
        list(p, Map.of("as_of", "soon")).body("errors.field", contains("as_of"));
        get(p, "BAD", Map.of()).statusCode(400).body("errors.field", contains("attribute"));
        history(p, "BAD").statusCode(400).body("errors.field", contains("attribute"));
        delete(p, "BAD").statusCode(400).body("errors.field", contains("attribute"));
    }

    @Test
    void theOperationsAreTypedAndDescribedInOpenApi() {
        String path = "paths.'/v1/profiles/{profile_id}/facts/{attribute}'";
        given().accept("application/json").when().get("/q/openapi").then().statusCode(200)
                .body("paths.'/v1/profiles/{profile_id}/facts'.get.operationId", equalTo("listFacts"))
                .body("paths.'/v1/profiles/{profile_id}/facts'.get.parameters.find { it.name == 'as_of' }.schema.format",
                        equalTo("date-time"))
                .body(path + ".put.operationId", equalTo("putFact"))
                .body(path + ".put.description", notNullValue())
                .body(path + ".put.responses.'409'", notNullValue())
                .body(path + ".get.operationId", equalTo("getFact"))
                .body(path + ".delete.operationId", equalTo("closeFact"))
                .body("paths.'/v1/profiles/{profile_id}/facts/{attribute}/history'.get.operationId",
                        equalTo("getFactHistory"))
                .body(path + ".put.parameters.find { it.name == 'attribute' }.schema.type", equalTo("string"))
                .body("components.schemas.Fact.properties.valid_until.type", hasItem("null"))
                // any JSON: no type, so a generated client does not take the value for a string
                .body("components.schemas.Fact.properties.value.type", nullValue())
                .body("components.schemas.FactRequest.properties.value.type", nullValue())
                .body("components.schemas.FactRequest.additionalProperties", equalTo(false));
    }
}
