package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The memory as MCP tools, driven by the official Java SDK's client over Streamable HTTP: the PM's round
 * (remember, recall, pending, confirm, recall), every other tool once, bad arguments, the resources and the
 * audit trail's agent. Without keys here (loopback, actor local); {@link McpAuthTest} has the keys.
 * {@link PostgresMcpFlowTest} runs every case on PostgreSQL.
 */
@QuarkusTest
class McpFlowTest {
    @TestHTTPResource("/")
    URL root;

    @SuppressWarnings("unchecked")
    private static Map<String, Object> memory(Map<String, Object> result) {
        return (Map<String, Object>) result.get("memory");
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> items(Map<String, Object> result) {
        return (List<Map<String, Object>>) result.get("items");
    }

    @SuppressWarnings("unchecked")
    private static List<String> recalledIds(Map<String, Object> recall) {
        return items(recall).stream().map(i -> (String) ((Map<String, Object>) i.get("memory")).get("id")).toList();
    }

    @Test
    void thePmsRound_rememberRecallPendingConfirmRecall() {
        String p = Api.newProfile("mcp-round");
        try (McpAgent agent = McpAgent.connect(root)) {
            Map<String, Object> advance = agent.ok("remember", "profile_id", p, "message", "Anthropic 可以推进");
            assertThat(advance).containsEntry("profile_id", p).containsEntry("outcome", "created");
            String advanceId = (String) memory(advance).get("id");
            assertThat(memory(advance)).containsEntry("type", "project_advance").containsEntry("status", "active");

            // a bot's reversal of the PM's own decision is not taken silently: it waits for the PM
            Map<String, Object> reversal = agent.ok("remember", "profile_id", p, "message", "Anthropic 商业化弱",
                    "source", "bot");
            assertThat(reversal).containsEntry("outcome", "pending");
            String pendingId = (String) memory(reversal).get("id");

            Map<String, Object> before = agent.ok("recall", "profile_id", p, "query", "Anthropic", "limit", 5);
            assertThat(before).containsEntry("profile_id", p).containsEntry("query", "Anthropic");
            assertThat(recalledIds(before)).containsExactly(advanceId);
            assertThat(items(before).get(0)).containsKeys("score", "matched").extractingByKey("factors")
                    .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                    .containsKeys("keyword_match", "recency_decay", "type_priority", "weight_normalized");
            assertThat((String) before.get("prompt_block")).contains("Anthropic 可以推进");

            Map<String, Object> pending = agent.ok("pending", "profile_id", p);
            assertThat(pending).containsEntry("profile_id", p);
            assertThat(items(pending)).extracting(m -> m.get("id")).containsExactly(pendingId);

            Map<String, Object> confirmed = agent.ok("confirm", "profile_id", p, "memory_id", pendingId);
            assertThat(confirmed).containsEntry("profile_id", p).containsEntry("superseded", List.of(advanceId));
            assertThat(memory(confirmed)).containsEntry("status", "active");

            Map<String, Object> after = agent.ok("recall", "profile_id", p, "query", "Anthropic", "limit", 5);
            assertThat(recalledIds(after)).containsExactly(pendingId);
            assertThat((String) after.get("prompt_block")).contains("Anthropic 商业化弱").doesNotContain("可以推进");
            assertThat(items(agent.ok("pending", "profile_id", p))).isEmpty();
            assertThat(McpAgent.text(agent.call("recall", "profile_id", p, "query", "Anthropic")))
                    .as("the text an agent reads is the same JSON").contains("\"profile_id\":\"" + p + "\"");
        }
    }

    @Test
    void everyOtherToolIsAThinCallIntoItsUseCase() {
        String p = Api.newProfile("mcp-tools");
        try (McpAgent agent = McpAgent.connect(root)) {
            String id = (String) memory(agent.ok("remember", "profile_id", p, "message", "OpenAI 估值太高",
                    "message_id", "bot-1", "session_id", "chat-9")).get("id");
            assertThat(agent.ok("remember", "profile_id", p, "message", "OpenAI 估值太高", "message_id", "bot-1"))
                    .as("a retried message").containsEntry("outcome", "replayed");

            Map<String, Object> corrected = agent.ok("correct", "profile_id", p, "memory_id", id,
                    "content", "OpenAI 估值太高，明年再看", "expires_at", "never");
            assertThat(memory(corrected)).containsEntry("content", "OpenAI 估值太高，明年再看")
                    .containsEntry("expires_at", null);

            Map<String, Object> history = agent.ok("entity_history", "profile_id", p, "name", "openai");
            assertThat(history).containsEntry("profile_id", p);
            assertThat((List<?>) history.get("memories")).hasSize(1);

            Map<String, Object> forgotten = agent.ok("forget", "profile_id", p, "memory_id", id);
            assertThat(memory(forgotten)).containsEntry("status", "deleted");
            assertThat(recalledIds(agent.ok("recall", "profile_id", p, "query", "OpenAI"))).doesNotContain(id);
            assertThat(agent.error("forget", "profile_id", p, "memory_id", id))
                    .startsWith("conflict: ").contains("deleted already");

            Map<String, Object> set = agent.ok("facts_set", "profile_id", p, "attribute", "regions",
                    "value", List.of("overseas"), "confidence", 0.9);
            assertThat(set).containsEntry("profile_id", p).containsEntry("created", true);
            assertThat(agent.ok("facts_set", "profile_id", p, "attribute", "regions", "value", List.of("overseas")))
                    .as("the same value again").containsEntry("created", false);
            Map<String, Object> facts = agent.ok("facts_get", "profile_id", p);
            assertThat(items(Map.of("items", facts.get("facts")))).singleElement()
                    .satisfies(f -> assertThat(f).containsEntry("attribute", "regions")
                            .containsEntry("value", List.of("overseas")));

            String rejected = (String) memory(agent.ok("remember", "profile_id", p, "message", "Mistral 可以推进",
                    "source", "inferred", "created_at", "2026-01-02T10:00:00Z")).get("id");
            agent.ok("remember", "profile_id", p, "message", "Mistral 商业化弱", "created_at", "2026-01-01T10:00:00Z");
            assertThat(items(agent.ok("pending", "profile_id", p))).extracting(m -> m.get("id")).contains(rejected);
            assertThat(memory(agent.ok("reject", "profile_id", p, "memory_id", rejected)))
                    .containsEntry("status", "rejected");
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> required(McpSchema.Tool tool) {
        return (List<String>) tool.inputSchema().get("required");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> property(McpSchema.Tool tool, String name) {
        return ((Map<String, Map<String, Object>>) tool.inputSchema().get("properties")).get(name);
    }

    @Test
    void theToolsSayWhatTheyDoAndTheirArgumentsCarryTheirBounds() {
        try (McpAgent agent = McpAgent.connect(root)) {
            List<McpSchema.Tool> tools = agent.client().listTools().tools();
            assertThat(tools).extracting(McpSchema.Tool::name).containsExactlyInAnyOrder("remember", "recall",
                    "pending", "confirm", "reject", "correct", "forget", "facts_get", "facts_set", "entity_history");
            assertThat(tools).allSatisfy(t -> assertThat(t.description()).hasSizeGreaterThan(80));
            McpSchema.Tool recall = tools.stream().filter(t -> t.name().equals("recall")).findFirst().orElseThrow();
            assertThat(required(recall)).doesNotContain("profile_id", "query");
            assertThat(property(recall, "limit")).containsEntry("type", "integer").containsEntry("minimum", 1)
                    .containsEntry("maximum", 50);
            McpSchema.Tool remember = tools.stream().filter(t -> t.name().equals("remember")).findFirst().orElseThrow();
            assertThat(required(remember)).containsExactly("message");
            assertThat(property(remember, "message")).containsEntry("maxLength", 4000);
            assertThat(property(remember, "profile_id")).containsKey("pattern").extractingByKey("description")
                    .asString().contains("Omit it when your API key is bound");
            assertThat(remember.annotations().readOnlyHint()).isFalse();
            assertThat(recall.annotations().readOnlyHint()).isTrue();
        }
    }

    @Test
    void badArgumentsAreAToolErrorNamingTheField_neverAStackTrace() {
        String p = Api.newProfile("mcp-bad");
        try (McpAgent agent = McpAgent.connect(root)) {
            assertThat(agent.error("recall", "profile_id", p, "limit", 99))
                    .isEqualTo("invalid field(s): limit. limit: must be a whole number from 1 to 50");
            assertThat(agent.error("remember", "profile_id", p)).contains("message");
            assertThat(agent.error("remember", "profile_id", p, "message", "OpenAI 估值高",
                    "created_at", "yesterday", "source", "boss"))
                    .startsWith("invalid field(s): created_at, source.").contains("created_at: ", "source: ");
            assertThat(agent.error("recall", "profile_id", p, "limit", "many")).contains("limit");
            assertThat(agent.error("recall", "profile_id", "../etc")).startsWith("invalid field(s): profile_id.");
            assertThat(agent.error("recall")).as("without keys a profile must be named")
                    .isEqualTo("invalid field(s): profile_id. profile_id: is required");
            assertThat(agent.error("confirm", "profile_id", p, "memory_id", "nope"))
                    .isEqualTo("not found: profile " + p + " has no memory nope");
            McpSchema.CallToolResult bad = agent.call("correct", "profile_id", p, "memory_id", "m-1");
            assertThat(bad.isError()).isTrue();
            assertThat(bad.structuredContent()).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                    .containsEntry("error", "invalid-input").containsEntry("retryable", false);
            for (String text : List.of(McpAgent.text(bad), agent.error("recall", "profile_id", p, "as_of", "x"))) {
                assertThat(text).doesNotContain("Exception", "\tat ", "dev.pmmemory");
            }
        }
    }

    @Test
    void theAuditTrailNamesTheAgent_itsClientInfo_orTheXAgentIdHeader() {
        String p = Api.newProfile("mcp-audit");
        try (McpAgent agent = McpAgent.connect(root)) {
            agent.ok("remember", "profile_id", p, "message", "Cohere 估值高");
        }
        try (McpAgent agent = McpAgent.connect(root, null, "research-bot/7 (nightly)")) {
            agent.ok("remember", "profile_id", p, "message", "以后少推国内大模型");
        }
        given().when().get("/v1/profiles/{p}/audit", p).then().statusCode(200)
                .body("items[0].kind", equalTo("memory_created"))
                .body("items[0].actor", equalTo("local"))
                .body("items[0].agent", equalTo("research-bot/7 (nightly)"))
                .body("items[1].actor", equalTo("local"))
                .body("items[1].agent", equalTo(McpAgent.NAME + " " + McpAgent.VERSION));
    }

    @Test
    void theProfilesFactsAndCorePreferencesAreResources() {
        String p = Api.newProfile("mcp-res");
        try (McpAgent agent = McpAgent.connect(root)) {
            agent.ok("remember", "profile_id", p, "message", "以后少推国内大模型");
            agent.ok("facts_set", "profile_id", p, "attribute", "focus_stage", "value", "early");
            assertThat(agent.client().listResourceTemplates().resourceTemplates())
                    .extracting(McpSchema.ResourceTemplate::uriTemplate).containsExactlyInAnyOrder(
                            "pm-memory://profiles/{profile_id}/facts", "pm-memory://profiles/{profile_id}/preferences");

            String facts = ((McpSchema.TextResourceContents) agent.client().readResource(
                    new McpSchema.ReadResourceRequest("pm-memory://profiles/" + p + "/facts")).contents().get(0)).text();
            assertThat(facts).contains("\"profile_id\":\"" + p + "\"", "\"attribute\":\"focus_stage\"",
                    "\"value\":\"early\"");
            String preferences = ((McpSchema.TextResourceContents) agent.client().readResource(
                    new McpSchema.ReadResourceRequest("pm-memory://profiles/" + p + "/preferences")).contents()
                    .get(0)).text();
            assertThat(preferences).contains("以后少推国内大模型", "long_term_preference");
        }
    }
}
