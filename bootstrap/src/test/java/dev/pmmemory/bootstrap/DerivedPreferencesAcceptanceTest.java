package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.memory;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;

import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The derive job on the wire, on SQLite ({@link PostgresDerivedPreferencesAcceptanceTest}: on PostgreSQL): run
 * by the admin endpoint, its proposal listed as pending with its derivation, confirmed through the pending
 * flow and then recalled as a core preference.
 */
@QuarkusTest
class DerivedPreferencesAcceptanceTest {

    @Test
    void deriveRunProposesAPreferenceThePmConfirmsAndContextThenCarries() {
        String p = Api.newProfile("derive");
        List<String> evidence = new ArrayList<>();
        String[] companies = {"OpenAI", "Anthropic", "Mistral", "DeepSeek"};
        for (int i = 0; i < companies.length; i++) {
            String at = Instant.now().minus(Duration.ofDays(40 - 10L * i)).toString();
            evidence.add(feedback(p, companies[i] + " 估值太高", at).statusCode(201).extract().path("memory.id"));
        }

        given().when().post("/v1/admin/jobs/derive:run").then().statusCode(200)
                .body("job", equalTo("derive")).body("changed", greaterThanOrEqualTo(1));

        String id = Api.memories(p, Map.of("status", "pending")).statusCode(200)
                .body("items", hasSize(1))
                .body("items[0].content", equalTo("对高估值敏感"))
                .body("items[0].source", equalTo("inferred"))
                .body("items[0].pending_reason", equalTo("inferred"))
                .body("items[0].derivation.rule", equalTo("high_valuation"))
                .body("items[0].derivation.rationale", containsString("4 entities"))
                .body("items[0].derivation.evidence", containsInAnyOrder(evidence.toArray()))
                .extract().path("items[0].id");

        given().when().post("/v1/profiles/{p}/memories/{id}:confirm", p, id).then().statusCode(200)
                .body("memory.status", equalTo("active")).body("superseded", hasSize(0));
        memory(p, id).statusCode(200).body("audit_events.kind", hasItem("memory_confirmed"));
        Api.context(p, Map.of("query", "Figure 怎么样", "limit", 3)).statusCode(200)
                .body("prompt_block", containsString("对高估值敏感"));

        given().when().post("/v1/admin/jobs/derive:run").then().statusCode(200);
        Api.memories(p, Map.of("status", "pending")).statusCode(200).body("items", hasSize(0));
    }
}
