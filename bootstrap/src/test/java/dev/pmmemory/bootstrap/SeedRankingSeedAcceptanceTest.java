package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.context;
import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link SeedAcceptanceTest}, every case, with {@code memory.ranking=seed}: the seven cases hold in
 * both orders. And the setting is in effect: type priority outranks a partial match again.
 */
@QuarkusTest
@TestProfile(SeedRankingProfile.class)
class SeedRankingSeedAcceptanceTest extends SeedAcceptanceTest {

    @Test
    void theSeedsOrderPutsTheCorePreferenceAheadOfAPartialMatch() {
        String p = newProfile("seed-order");
        feedback(p, "以后少推国内大模型").statusCode(201);
        feedback(p, "OpenAI 产品不错").statusCode(201);

        context(p, Map.of("query", "OpenAI", "limit", 2)).statusCode(200)
                .body("items[0].type", equalTo("long_term_preference"))
                .body("items[0].matched", equalTo(false))
                .body("items[1].matched", equalTo(true));
    }
}
