package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

/**
 * Bodies bound to typed records by the REST adapter: a value of the wrong JSON type, or a field the record does
 * not know, is a 400 naming it, never a 500 and never silently read.
 */
@QuarkusTest
class WireBindingAcceptanceTest {

    private static ValidatableResponse importDocument(String p, String document) {
        return given().contentType(ContentType.JSON).body(document).when().post("/v1/profiles/{p}/import", p).then();
    }

    private static String document(String p, String memories) {
        return "{\"format_version\": 1, \"profile_id\": \"" + p + "\", \"raw_messages\": [], \"memories\": " + memories
                + ", \"audit_events\": [], \"experiences\": [], \"facts\": []}";
    }

    @Test
    void anImportedWeightThatIsNoWholeNumberIsA400NamingItNotATruncation() {
        String p = Api.newProfile("binding");
        importDocument(p, document(p, "[{\"weight\": 1.5}]")).statusCode(400)
                .contentType("application/problem+json").body("errors.field", contains("memories[0].weight"));
        importDocument(p, document(p, "[{\"weight\": \"1\"}]")).statusCode(400)
                .body("errors.field", contains("memories[0].weight"));
        importDocument(p, document(p, "\"none\"")).statusCode(400).body("errors.field", contains("memories"));
    }

    @Test
    void unknownFieldsOfAnImportAreNamed() {
        String p = Api.newProfile("binding");
        importDocument(p, document(p, "[]").replace("{\"format_version\"", "{\"surprise\": true, \"format_version\""))
                .statusCode(400).body("errors.field", contains("surprise"));
        importDocument(p, document(p, "[]").replace("\"experiences\": []",
                        "\"experiences\": [{\"id\": \"x1\", \"task\": \"t\", \"outcome\": \"o\", \"lesson\": \"l\", "
                                + "\"importance\": 0.5, \"keywords\": [], \"created_at\": \"2026-06-15T08:00:00Z\", "
                                + "\"colour\": \"red\"}]"))
                .statusCode(400).body("errors.field", contains("experiences[0].colour"));
    }

    @Test
    void aConfirmWithAFieldOtherThanTypeIsA400NamingIt() {
        String p = Api.newProfile("binding");
        given().contentType(ContentType.JSON).body("{\"type\": \"market_info\", \"colour\": \"red\"}")
                .when().post("/v1/profiles/{p}/memories/{id}:confirm", p, "no-such-memory").then().statusCode(400)
                .body("status", equalTo(400)).body("errors.field", containsInAnyOrder("colour"));
        given().contentType(ContentType.JSON).body("[1]")
                .when().post("/v1/profiles/{p}/memories/{id}:confirm", p, "no-such-memory").then().statusCode(400);
    }
}
