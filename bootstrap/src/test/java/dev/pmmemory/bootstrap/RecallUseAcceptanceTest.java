package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.context;
import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.memory;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.pmmemory.application.service.RecallCounter;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Recall counts on the wire, on SQLite ({@link PostgresRecallUseAcceptanceTest}: on PostgreSQL): the
 * memories of N present contexts show recall_count N once the counter has flushed.
 */
@QuarkusTest
class RecallUseAcceptanceTest {
    @Inject
    RecallCounter counter;

    @Test
    void aMemoryShowsHowOftenContextsReturnedIt() {
        String p = Api.newProfile("recalls");
        String id = feedback(p, "OpenAI 估值高").statusCode(201).extract().path("memory.id");
        memory(p, id).statusCode(200).body("recall_count", equalTo(0)).body("last_recalled_at", nullValue());

        for (int i = 0; i < 4; i++) {
            context(p, Map.of("query", "OpenAI 估值", "limit", 5)).statusCode(200).body("items[0].id", equalTo(id));
        }
        counter.flush();

        memory(p, id).statusCode(200).body("recall_count", equalTo(4)).body("last_recalled_at", notNullValue());
    }
}
