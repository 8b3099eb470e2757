package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.context;
import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.memories;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 10 item 1 over REST: as_of reads the past as it was (weight, last_seen_at, expires_at, status,
 * per-entity supersession) in context, the memory list and the memory detail; the detail carries the
 * version chain with partial supersessions and their times.
 */
@QuarkusTest
class AsOfAcceptanceTest {
    private static final String PERPLEXITY = "Perplexity 商业化弱";
    private static final String MAY_02 = "2026-05-02T09:00:00Z";
    private static final String MAY_03 = "2026-05-03T09:00:00Z";
    private static final String MAY_20 = "2026-05-20T09:00:00Z";
    private static final String MAY_21 = "2026-05-21T09:00:00Z";

    private static String said(String profile, String message, String at) {
        return feedback(profile, message, at).statusCode(org.hamcrest.Matchers.either(equalTo(200))
                .or(equalTo(201))).extract().path("memory.id");
    }

    private static ValidatableResponse memory(String profile, String id, Map<String, ?> params) {
        return given().queryParams(params).when().get("/v1/profiles/{p}/memories/{id}", profile, id).then();
    }

    /** "Perplexity 商业化弱" said on 05-02, 05-20 and 05-21 reads weight 1, last seen 05-02, as of 05-03. */
    @Test
    void perplexitySaidThreeTimesReadsAsItWasOnMay3rd() {
        String p = newProfile("asof");
        String id = said(p, PERPLEXITY, MAY_02);
        said(p, PERPLEXITY, MAY_20);
        said(p, PERPLEXITY, MAY_21);

        ValidatableResponse then = context(p, Map.of("query", "Perplexity", "as_of", MAY_03)).statusCode(200)
                .body("items", hasSize(1))
                .body("items[0].id", equalTo(id))
                .body("items[0].weight", equalTo(1))
                .body("items[0].last_seen_at", equalTo(MAY_02))
                .body("items[0].expires_at", equalTo("2026-06-01T09:00:00Z"))
                .body("items[0].status", equalTo("active"));
        Map<String, Number> factors = then.extract().path("items[0].factors");
        assertThat(factors.get("weight_normalized").doubleValue()).isCloseTo(0.1, within(1e-6));
        assertThat(factors.get("recency_decay").doubleValue()).as("one day after it was said")
                .isCloseTo(Math.exp(-1.0 / 30), within(1e-6));
        memories(p, Map.of("as_of", MAY_03)).statusCode(200)
                .body("items", hasSize(1))
                .body("items[0].weight", equalTo(1))
                .body("items[0].last_seen_at", equalTo(MAY_02));
        memory(p, id, Map.of("as_of", MAY_03)).statusCode(200)
                .body("weight", equalTo(1))
                .body("last_seen_at", equalTo(MAY_02))
                .body("expires_at", equalTo("2026-06-01T09:00:00Z"))
                .body("status", equalTo("active"))
                .body("source_messages.created_at", contains(MAY_02));

        memory(p, id, Map.of()).statusCode(200)
                .body("weight", equalTo(3))
                .body("last_seen_at", equalTo(MAY_21))
                .body("source_messages", hasSize(3));
        context(p, Map.of("query", "Perplexity", "as_of", "2026-05-21T10:00:00Z")).statusCode(200)
                .body("items[0].weight", equalTo(3));
    }

    @Test
    void aPartialSupersessionReadsAsItWasAndIsInTheVersionChainWithItsTime() {
        String p = newProfile("asof");
        String both = said(p, "OpenAI 和 Anthropic 都可以推进", MAY_02);
        String negative = said(p, "Anthropic 商业化弱", MAY_20);

        memory(p, both, Map.of("as_of", MAY_21)).statusCode(200)
                .body("status", equalTo("active"))
                .body("versions.id", contains(both, negative));
        memory(p, both, Map.of()).statusCode(200)
                .body("versions.id", contains(both, negative))
                .body("supersessions", hasSize(1))
                .body("supersessions[0].superseded_id", equalTo(both))
                .body("supersessions[0].by_id", equalTo(negative))
                .body("supersessions[0].entities", contains("anthropic"))
                .body("supersessions[0].at", equalTo(MAY_20))
                .body("supersessions[0].whole", equalTo(false));
        memory(p, negative, Map.of()).statusCode(200)
                .body("versions.id", contains(both, negative))
                .body("supersessions[0].superseded_id", equalTo(both));
        memory(p, both, Map.of("as_of", MAY_03)).statusCode(200)
                .body("versions.id", contains(both))
                .body("supersessions", empty());

        // before the newer decision the older one still spoke for Anthropic; after it, only for OpenAI
        context(p, Map.of("query", "", "entity", "Anthropic", "as_of", MAY_03)).statusCode(200)
                .body("items.id", contains(both));
        context(p, Map.of("query", "", "entity", "Anthropic", "as_of", MAY_21)).statusCode(200)
                .body("items.id", contains(negative));
    }

    /** "Mistral AI 可以推进" at 06:00 and 17:00, "Mistral AI 商业化弱" dated 09:00 arriving last: the advance splits. */
    @Test
    void aLateReversalInsideARepeatedDecisionsSpanReadsAsItWasAt8And10And18() {
        String p = newProfile("asof");
        String h06 = "2026-05-02T06:00:00Z";
        String h09 = "2026-05-02T09:00:00Z";
        String h17 = "2026-05-02T17:00:00Z";
        String first = said(p, "Mistral AI 可以推进", h06);
        feedback(p, Map.of("message", "Mistral AI 可以推进", "created_at", h17, "message_id", "m-17"))
                .statusCode(200).body("outcome", equalTo("deduplicated")).body("memory.weight", equalTo(2));
        String reversal = feedback(p, "Mistral AI 商业化弱", h09).statusCode(201)
                .body("superseded", contains(first)).extract().path("memory.id");

        context(p, Map.of("query", "", "entity", "Mistral AI", "as_of", "2026-05-02T08:00:00Z")).statusCode(200)
                .body("items.id", contains(first)).body("items[0].weight", equalTo(1));
        context(p, Map.of("query", "", "entity", "Mistral AI", "as_of", "2026-05-02T10:00:00Z")).statusCode(200)
                .body("items.id", contains(reversal));
        String repeat = context(p, Map.of("query", "", "entity", "Mistral AI", "as_of", "2026-05-02T18:00:00Z"))
                .statusCode(200).body("items", hasSize(1)).body("items[0].weight", equalTo(1))
                .body("items[0].created_at", equalTo(h17)).extract().path("items[0].id");
        assertThat(repeat).isNotIn(first, reversal);

        memory(p, first, Map.of()).statusCode(200)
                .body("weight", equalTo(1))
                .body("status", equalTo("superseded"))
                .body("superseded_by", equalTo(reversal))
                .body("valid_until", equalTo(h09))
                .body("source_messages.created_at", contains(h06))
                .body("audit_events.kind", hasItem("memory_split"));
        memory(p, reversal, Map.of()).statusCode(200)
                .body("superseded_by", equalTo(repeat))
                .body("valid_until", equalTo(h17))
                .body("versions.id", contains(first, reversal, repeat));

        feedback(p, Map.of("message", "Mistral AI 可以推进", "created_at", h17, "message_id", "m-17"))
                .statusCode(200).body("outcome", equalTo("replayed")).body("memory.id", equalTo(repeat));
        memories(p, Map.of()).statusCode(200).body("items", hasSize(3));
    }

    @Test
    void aWholeSupersessionReadsActiveBeforeAndSupersededAfter() {
        String p = newProfile("asof");
        String advance = said(p, "Anthropic 可以推进", MAY_02);
        String negative = said(p, "Anthropic 商业化弱", MAY_20);

        memories(p, Map.of("as_of", MAY_03, "status", "active")).statusCode(200)
                .body("items.id", contains(advance))
                .body("items[0].superseded_by", nullValue())
                .body("items[0].valid_until", nullValue());
        memory(p, advance, Map.of("as_of", MAY_21)).statusCode(200)
                .body("status", equalTo("superseded"))
                .body("superseded_by", equalTo(negative))
                .body("valid_until", equalTo(MAY_20))
                .body("supersessions[0].whole", equalTo(true));
    }

    @Test
    void badOrTooEarlyAsOfIsAProblemNamingTheField() {
        String p = newProfile("asof");
        String id = said(p, PERPLEXITY, MAY_20);

        memories(p, Map.of("as_of", "yesterday")).statusCode(400)
                .body("errors.field", hasItem("as_of"));
        memory(p, id, Map.of("as_of", "2026-05-03")).statusCode(400)
                .body("errors.field", hasItem("as_of"));
        memory(p, id, Map.of("as_of", MAY_03)).statusCode(404)
                .body("status", equalTo(404));
        memories(p, Map.of("as_of", MAY_03)).statusCode(200).body("items", empty());
    }

    @Test
    void asOfIsADateTimeInTheOpenApiDocument() {
        String list = "paths.'/v1/profiles/{profile_id}/memories'.get.parameters.find { it.name == 'as_of' }.schema";
        String one = "paths.'/v1/profiles/{profile_id}/memories/{memory_id}'.get.parameters"
                + ".find { it.name == 'as_of' }.schema";
        given().queryParam("format", "json").when().get("/q/openapi").then().statusCode(200)
                .body(list + ".format", equalTo("date-time"))
                .body(one + ".format", equalTo("date-time"))
                .body("components.schemas.Supersession.properties.by_id.type", equalTo("string"));
    }
}
