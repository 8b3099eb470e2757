package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.context;
import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.memories;
import static dev.pmmemory.bootstrap.Api.memory;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 9's two examples, black-box over REST: the write path decides by time, not by stored status. */
@QuarkusTest
class WritePathByTimeAcceptanceTest {

    private static String daysAgo(int days) {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofDays(days)).toString();
    }

    @Test
    void anExpiredNegativeNoLongerBlocksALiveDecision() {
        String p = newProfile("stale-negative");
        String negativeId = feedback(p, Map.of("message", "Mistral 估值高", "created_at", daysAgo(45)))
                .statusCode(201).extract().path("memory.id");

        feedback(p, Map.of("message", "Mistral 可以推进", "source", "inferred")).statusCode(201)
                .body("outcome", equalTo("created"))
                .body("memory.status", equalTo("active"))
                .body("superseded", empty());

        context(p, Map.of("query", "Mistral")).statusCode(200)
                .body("items.content", contains("Mistral 可以推进"));
        // the old negative keeps its own history: expired, never superseded by the new advance
        memory(p, negativeId).statusCode(200)
                .body("status", equalTo("expired"))
                .body("superseded_by", equalTo(null));
    }

    @Test
    void aStaleTempStatusSaidAgainStartsANewMemory() {
        String p = newProfile("stale-temp");
        String oldId = feedback(p, Map.of("message", "下周出差，回复慢", "created_at", daysAgo(20)))
                .statusCode(201).extract().path("memory.id");

        String newId = feedback(p, "下周出差，回复慢").statusCode(201)
                .body("outcome", equalTo("created"))
                .body("memory.weight", equalTo(1))
                .body("memory.id", not(equalTo(oldId)))
                .extract().path("memory.id");

        memories(p, Map.of()).statusCode(200)
                .body("items", hasSize(2))
                .body("items.id", containsInAnyOrder(oldId, newId))
                .body("items.find { it.id == '" + oldId + "' }.status", equalTo("expired"))
                .body("items.find { it.id == '" + newId + "' }.status", equalTo("active"));
    }
}
