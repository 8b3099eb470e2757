package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Ask, don't guess (docs/rules.md, "Holding an uncertain sign") over REST: a message whose sign the rules and the n-gram model disagree on
 * (商业化并不差: the rules read a negative, the model is sure it is praise) is stored pending with reason
 * uncertain_type and its alternatives, is listed among the pending memories, and confirm picks its type.
 */
@QuarkusTest
class UncertainTypeAcceptanceTest {

    private static final String MEMORIES = "/v1/profiles/{profile_id}/memories/{memory_id}";
    private static final String HELD = "商业化并不差";

    private static String heldMemory(String profile) {
        String id = Api.feedback(profile, HELD).statusCode(201).body("outcome", equalTo("pending"))
                .extract().path("memory.id");
        Api.memories(profile, Map.of("status", "pending")).statusCode(200)
                .body("items.id", hasItem(id))
                .body("items.find { it.id == '" + id + "' }.pending_reason", equalTo("uncertain_type"));
        return id;
    }

    @Test
    void anUnsureSignIsHeldWithItsAlternativesAndConfirmPicksOne() {
        String profile = Api.newProfile("uncertain");
        String id = heldMemory(profile);
        List<String> alternatives = Api.memory(profile, id).statusCode(200).extract().path("alternatives");
        assertThat(alternatives).isNotEmpty().doesNotContain("project_negative");
        // not active: the context does not bring back a memory nobody confirmed
        Boolean none = Api.context(profile, Map.of("query", "商业化")).statusCode(200).extract().path("items.isEmpty()");
        assertThat(none).isTrue();

        given().contentType(ContentType.JSON).body("{\"type\": \"" + alternatives.get(0) + "\"}")
                .when().post(MEMORIES + ":confirm", profile, id).then().statusCode(200)
                .body("memory.status", equalTo("active")).body("memory.type", equalTo(alternatives.get(0)))
                .body("memory.pending_reason", equalTo(null)).body("memory.alternatives.size()", equalTo(0));
    }

    @Test
    void aTypeThatIsNeitherItsOwnNorAnAlternativeIsA400NamingType() {
        String profile = Api.newProfile("uncertain");
        String id = heldMemory(profile);
        given().contentType(ContentType.JSON).body("{\"type\": \"market_info\"}")
                .when().post(MEMORIES + ":confirm", profile, id).then().statusCode(400)
                .body("errors.field", hasItem("type"));
        given().contentType(ContentType.JSON).body("{\"type\": \"bogus\"}")
                .when().post(MEMORIES + ":confirm", profile, id).then().statusCode(400)
                .body("errors.field", hasItem("type"));
        // without a body it is confirmed as it is
        given().when().post(MEMORIES + ":confirm", profile, id).then().statusCode(200)
                .body("memory.type", equalTo("project_negative")).body("memory.status", containsString("active"));
    }

    @Test
    void anExportCarriesWhyAMemoryWaitsAndAnImportKeepsIt() {
        String profile = Api.newProfile("uncertain");
        String id = heldMemory(profile);
        String document = given().when().get("/v1/profiles/{p}/export", profile).then().statusCode(200)
                .body("memories.find { it.id == '" + id + "' }.pending_reason", equalTo("uncertain_type"))
                .body("memories.find { it.id == '" + id + "' }.alternatives.size()", org.hamcrest.Matchers.greaterThan(0))
                .extract().asString();
        given().when().delete("/v1/profiles/{p}", profile).then().statusCode(200);
        given().contentType(ContentType.JSON).body(document).when().post("/v1/profiles/{p}/import", profile)
                .then().statusCode(200);
        Api.memory(profile, id).statusCode(200).body("status", equalTo("pending"))
                .body("pending_reason", equalTo("uncertain_type")).body("alternatives.size()",
                        org.hamcrest.Matchers.greaterThan(0));
    }
}
