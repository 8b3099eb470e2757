package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/** rules.md §1 over REST: the LLM hears only what the rules leave unclassified, and only redacted. */
@QuarkusTest
@TestProfile(WithLlmClassifier.class)
class LlmClassifierTest {

    @ConfigProperty(name = "memory.classifier.llm.base-url")
    String llmBaseUrl;

    /** What the fake endpoint received: one {authorization, body} per chat request. */
    private List<Map<String, String>> received() {
        return given().when().get(llmBaseUrl + "/received").then().statusCode(200).extract().jsonPath().getList("$");
    }

    @Test
    void aMessageTheRulesLeaveUnclassifiedGetsTheTypeTheModelAnswers() {
        String p = Api.newProfile("llm");
        int before = received().size();

        Api.feedback(p, "The unit economics of OpenAI keep me up at night").statusCode(201)
                .body("outcome", equalTo("created"))
                .body("memory.type", equalTo("project_negative"))
                .body("memory.entities", hasItem("OpenAI"));

        Api.memories(p, Map.of()).statusCode(200)
                .body("items", hasSize(1))
                .body("items[0].type", equalTo("project_negative"));
        List<Map<String, String>> after = received();
        assertThat(after).as("the rules must leave this message unclassified, or the model is never asked")
                .hasSize(before + 1);
        Map<String, String> request = after.get(after.size() - 1);
        assertThat(request.get("body")).contains("The unit economics of OpenAI keep me up at night", FakeLlmEndpoint.MODEL);
        assertThat(request.get("authorization")).isEqualTo("Bearer " + FakeLlmEndpoint.API_KEY);
    }

    @Test
    void aTypeTheModelStatesLittleConfidenceInIsHeldForThePersonWithTheOtherSign() {
        String p = Api.newProfile("llm-unsure");
        int before = received().size();

        String id = Api.feedback(p, "The gross margin of Mistral surprised me").statusCode(201)
                .body("outcome", equalTo("pending"))
                .body("memory.type", equalTo("project_positive"))
                .body("memory.status", equalTo("pending"))
                .body("memory.pending_reason", equalTo("uncertain_type"))
                .body("memory.alternatives", equalTo(List.of("project_negative")))
                .extract().path("memory.id");

        assertThat(received()).as("the model must have been asked").hasSize(before + 1);
        Api.memories(p, Map.of("status", "pending")).statusCode(200).body("items.id", hasItem(id));
        Api.memories(p, Map.of()).statusCode(200).body("items.status", hasItem("pending"));
    }

    @Test
    void aTypeWithoutAStatedConfidenceIsHeldNotTrustedBlindly() {
        String p = Api.newProfile("llm-unsaid");
        int before = received().size();

        Api.feedback(p, "The cap table of Mistral surprised me").statusCode(201)
                .body("outcome", equalTo("pending"))
                .body("memory.type", equalTo("project_advance"))
                .body("memory.pending_reason", equalTo("uncertain_type"))
                .body("memory.alternatives", equalTo(List.of("project_negative")));

        assertThat(received()).hasSize(before + 1);
    }

    @Test
    void aMessageTheRulesClassifyNeverReachesTheModel() {
        String p = Api.newProfile("llm-rules");
        int before = received().size();

        Api.feedback(p, "Anthropic 可以推进").statusCode(201).body("memory.type", equalTo("project_advance"));
        Api.feedback(p, "OpenAI 估值高").statusCode(201).body("memory.type", equalTo("project_negative"));

        assertThat(received()).hasSize(before);
    }

    @Test
    void aGivenTypeNeverReachesTheModel() {
        String p = Api.newProfile("llm-given");
        int before = received().size();

        Api.feedback(p, Map.of("message", "The unit economics of OpenAI keep me up at night", "type", "market_info"))
                .statusCode(201).body("memory.type", equalTo("market_info"));

        assertThat(received()).hasSize(before);
    }

    @Test
    void whatTheModelCallsNoneStaysUnclassified() {
        String p = Api.newProfile("llm-none");
        int before = received().size();

        Api.feedback(p, "The coffee machine on our floor got replaced").statusCode(200).body("outcome", equalTo("unclassified"));

        assertThat(received()).hasSize(before + 1);
        Api.memories(p, Map.of()).statusCode(200).body("items", hasSize(0));
    }

    @Test
    void aSecretInTheMessageNeverReachesTheModel() {
        String p = Api.newProfile("llm-secret");

        Api.feedback(p, "The unit economics of OpenAI keep me up at night, password: hunter2xyz").statusCode(201)
                .body("memory.type", equalTo("project_negative"))
                .body("redactions", hasItem("password"));

        List<Map<String, String>> all = received();
        assertThat(all).isNotEmpty();
        assertThat(all).allSatisfy(r -> assertThat(r.get("body")).doesNotContain("hunter2xyz"));
        assertThat(all.get(all.size() - 1).get("body")).contains("[REDACTED:password]");
    }

    @Test
    void theStartIsLoggedWithTheEndpointAndNeverTheKey() throws IOException {
        String log = Files.readString(Path.of("target/quarkus-test.log"), StandardCharsets.UTF_8);
        assertThat(log).contains("classifier: rules + LLM " + llmBaseUrl + " model " + FakeLlmEndpoint.MODEL);
        assertThat(log).doesNotContain(FakeLlmEndpoint.API_KEY);
    }
}
