package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.equalTo;

import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.net.URL;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The MCP endpoint with keys configured: the same keys and scopes as REST, a key bound to one profile
 * needs no profile_id, a wider one must name it, and no key reaches a profile outside its glob.
 */
@QuarkusTest
@TestProfile(WithApiKeys.class)
class McpAuthTest {
    private static final String INITIALIZE = """
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18",
             "capabilities": {}, "clientInfo": {"name": "curl", "version": "8"}}}""";

    @TestHTTPResource("/")
    URL root;

    @Test
    void withoutAKnownKeyTheEndpointAnswers401BeforeAnyMcpMessageIsRead() {
        given().contentType(ContentType.JSON).accept("application/json, text/event-stream").body(INITIALIZE)
                .when().post("/mcp").then().statusCode(401)
                .header("WWW-Authenticate", "Bearer")
                .contentType("application/problem+json")
                .body("detail", equalTo("an API key is required: Authorization: Bearer <key>"));
        given().header("Authorization", "Bearer not-a-key").contentType(ContentType.JSON)
                .accept("application/json, text/event-stream").body(INITIALIZE)
                .when().post("/mcp").then().statusCode(401).body("detail", equalTo("the API key is not known"));
        assertThatThrownBy(() -> McpAgent.connect(root, null, null)).as("the SDK client cannot even initialize")
                .isInstanceOf(RuntimeException.class);
        given().header("Authorization", "Bearer " + WithApiKeys.READER).contentType(ContentType.JSON)
                .accept("application/json, text/event-stream").body(INITIALIZE)
                .when().post("/mcp").then().statusCode(200);
    }

    @Test
    void aKeyBoundToOneProfileNeedsNoProfileId_andNeverReachesAnother() {
        try (McpAgent agent = McpAgent.connect(root, WithApiKeys.SOLO, null)) {
            Map<String, Object> remembered = agent.ok("remember", "message", "以后少推国内大模型");
            assertThat(remembered).containsEntry("profile_id", WithApiKeys.SOLO_PROFILE);
            Map<String, Object> recalled = agent.ok("recall", "query", "大模型");
            assertThat(recalled).containsEntry("profile_id", WithApiKeys.SOLO_PROFILE);
            assertThat((String) recalled.get("prompt_block")).contains("以后少推国内大模型");
            assertThat(agent.ok("recall", "profile_id", WithApiKeys.SOLO_PROFILE))
                    .containsEntry("profile_id", WithApiKeys.SOLO_PROFILE);

            for (String other : List.of("team-a-1", "pm-solo2", "pm-sol")) {
                assertThat(agent.error("recall", "profile_id", other))
                        .isEqualTo("forbidden: key solo may not touch this profile");
                assertThat(agent.error("remember", "profile_id", other, "message", "OpenAI 估值高"))
                        .isEqualTo("forbidden: key solo may not touch this profile");
            }
            assertThatThrownBy(() -> agent.client().readResource(
                    new McpSchema.ReadResourceRequest("pm-memory://profiles/team-a-1/facts")))
                    .hasMessageContaining("forbidden: key solo may not touch this profile");
        }
        given().header("Authorization", "Bearer " + WithApiKeys.READER)
                .when().get("/v1/profiles/pm-solo2/memories").then().statusCode(200).body("items.size()", equalTo(0));
    }

    @Test
    void aWiderKeyMustNameTheProfile_checkedAgainstItsGlob() {
        try (McpAgent agent = McpAgent.connect(root, WithApiKeys.BOT, null)) {
            assertThat(agent.error("recall", "query", "OpenAI")).isEqualTo("invalid field(s): profile_id. profile_id:"
                    + " is required: key bot may touch more than one profile");
            assertThat(agent.error("remember", "profile_id", "team-b-1", "message", "OpenAI 估值高"))
                    .isEqualTo("forbidden: key bot may not touch this profile");
            assertThat(agent.ok("remember", "profile_id", "team-a-mcp", "message", "OpenAI 估值高"))
                    .containsEntry("profile_id", "team-a-mcp").containsEntry("outcome", "created");
        }
    }

    @Test
    void aKeyOutsideItsScopeIsRefused_andChangesNothing() {
        try (McpAgent reader = McpAgent.connect(root, WithApiKeys.READER, null)) {
            McpSchema.CallToolResult refused = reader.call("remember", "profile_id", "team-a-scope",
                    "message", "OpenAI 估值高");
            assertThat(refused.isError()).isTrue();
            assertThat(McpAgent.text(refused)).isEqualTo("forbidden: key reader has scope read; this call needs write");
            assertThat(refused.structuredContent()).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                    .containsEntry("error", "forbidden").containsEntry("retryable", false);
            assertThat(reader.error("forget", "profile_id", "team-a-scope", "memory_id", "m-1"))
                    .isEqualTo("forbidden: key reader has scope read; this call needs write");
            assertThat(reader.ok("recall", "profile_id", "team-a-scope")).containsEntry("items", List.of());
        }
        // not even the raw message was kept: the profile holds nothing
        given().header("Authorization", "Bearer " + WithApiKeys.READER)
                .when().get("/v1/profiles/team-a-scope/messages").then().statusCode(404);
    }

    @Test
    void theAuditNamesTheKeyAndTheAgentThatUsedIt() {
        String p = "team-a-" + Api.newProfile("mcp-audit");
        try (McpAgent agent = McpAgent.connect(root, WithApiKeys.BOT, null)) {
            agent.ok("remember", "profile_id", p, "message", "Cohere 估值高");
        }
        try (McpAgent agent = McpAgent.connect(root, WithApiKeys.BOT, "portfolio-copilot 3.0")) {
            agent.ok("facts_set", "profile_id", p, "attribute", "focus_stage", "value", "early");
        }
        given().header("Authorization", "Bearer " + WithApiKeys.READER)
                .when().get("/v1/profiles/{p}/audit", p).then().statusCode(200)
                .body("items[0].kind", equalTo("fact_recorded"))
                .body("items[0].actor", equalTo("bot"))
                .body("items[0].agent", equalTo("portfolio-copilot 3.0"))
                .body("items[1].kind", equalTo("memory_created"))
                .body("items[1].actor", equalTo("bot"))
                .body("items[1].agent", equalTo(McpAgent.NAME + " " + McpAgent.VERSION));
    }
}
