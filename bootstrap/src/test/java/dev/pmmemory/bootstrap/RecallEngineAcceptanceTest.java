package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.context;
import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.memory;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Issue 11's examples, black-box over REST, with the default memory.ranking=relevance. */
@QuarkusTest
class RecallEngineAcceptanceTest {

    private static String daysAgo(int days) {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(days, ChronoUnit.DAYS).toString();
    }

    @Test
    void aQueryNamingACompanyPutsTheMemoryAboutItFirstAheadOfACorePreferenceAboutOthers() {
        String p = newProfile("relevance");
        feedback(p, "以后少推国内大模型", daysAgo(1)).statusCode(201).body("memory.type", equalTo("long_term_preference"));
        feedback(p, "Cohere 估值高", daysAgo(1)).statusCode(201).body("memory.type", equalTo("project_negative"));
        feedback(p, "Mistral AI 估值高", daysAgo(2)).statusCode(201);
        String openai = feedback(p, "OpenAI 产品不错", daysAgo(20)).statusCode(201)
                .body("memory.type", equalTo("project_positive")).extract().path("memory.id");

        JsonPath got = context(p, Map.of("query", "OpenAI", "limit", 3)).statusCode(200).extract().jsonPath();

        assertThat(got.getList("items.id")).first().isEqualTo(openai);
        assertThat(got.getList("items.matched", Boolean.class)).containsExactly(true, false, false);
        // the top-K guard still carries the core preference, and its factors are still reported
        assertThat(got.getList("items.type")).contains("long_term_preference");
        assertThat(got.getFloat("items[1].factors.keyword_match")).isEqualTo(0.3f);
        assertThat(got.getString("prompt_block")).contains("以后少推国内大模型", "OpenAI 产品不错");
    }

    @Test
    void aMemorySupersededForAnEntityIsNoAdvanceForItButStillHoldsForItsOtherEntity() {
        String p = newProfile("per-entity");
        String both = feedback(p, "OpenAI 和 Anthropic 都可以推进", daysAgo(2)).statusCode(201)
                .body("memory.type", equalTo("project_advance"))
                .body("memory.entities", contains("OpenAI", "Anthropic"))
                .extract().path("memory.id");
        String negative = feedback(p, "Anthropic 商业化弱", daysAgo(1)).statusCode(201)
                .body("memory.type", equalTo("project_negative"))
                .extract().path("memory.id");
        memory(p, both).statusCode(200).body("status", equalTo("active")); // still holds for OpenAI

        JsonPath anthropic = context(p, Map.of("query", "Anthropic", "limit", 3)).statusCode(200).extract().jsonPath();
        List<String> ids = anthropic.getList("items.id");
        assertThat(ids).first().isEqualTo(negative);
        int at = ids.indexOf(both);
        if (at >= 0) { // a filler at most: not matched through Anthropic, and the block says so
            assertThat(anthropic.getBoolean("items[" + at + "].matched")).isFalse();
            assertThat(anthropic.getFloat("items[" + at + "].factors.keyword_match")).isZero();
        }
        assertThat(anthropic.getString("prompt_block"))
                .doesNotContain("- [" + daysAgo(2).substring(0, 10) + "] (project_advance) OpenAI 和 Anthropic 都可以推进\n");

        context(p, Map.of("query", "OpenAI", "limit", 3)).statusCode(200)
                .body("items[0].id", equalTo(both))
                .body("items[0].matched", equalTo(true))
                .body("prompt_block", containsString(
                        "OpenAI 和 Anthropic 都可以推进 [holds for OpenAI only; superseded for Anthropic]"));
        context(p, Map.of("query", "Anthropic", "entity", "Anthropic", "limit", 3)).statusCode(200)
                .body("items.id", not(hasItem(both)));
    }
}
