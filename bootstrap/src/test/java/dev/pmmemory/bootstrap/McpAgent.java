package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.net.URL;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An agent on the official MCP Java SDK's client, talking Streamable HTTP to the test application's /mcp:
 * with a bearer key or none, and an x-agent-id header or none; its client info is "acme-agent 1.4".
 */
final class McpAgent implements AutoCloseable {
    static final String NAME = "acme-agent";
    static final String VERSION = "1.4";

    private final McpSyncClient client;

    private McpAgent(McpSyncClient client) {
        this.client = client;
    }

    /** Connected and initialized. */
    static McpAgent connect(URL root, String bearer, String agentHeader) {
        HttpClientStreamableHttpTransport transport = HttpClientStreamableHttpTransport
                .builder(root.toString().replaceAll("/$", ""))
                .endpoint("/mcp")
                .httpRequestCustomizer((request, method, uri, body, context) -> {
                    if (bearer != null) {
                        request.header("Authorization", "Bearer " + bearer);
                    }
                    if (agentHeader != null) {
                        request.header("x-agent-id", agentHeader);
                    }
                })
                .build();
        McpSyncClient client = McpClient.sync(transport)
                .clientInfo(new McpSchema.Implementation(NAME, VERSION))
                .requestTimeout(Duration.ofSeconds(30))
                .build();
        client.initialize();
        return new McpAgent(client);
    }

    static McpAgent connect(URL root) {
        return connect(root, null, null);
    }

    McpSyncClient client() {
        return client;
    }

    /** Calls a tool; null arguments are left out. */
    CallToolResult call(String tool, Object... nameValue) {
        Map<String, Object> args = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            if (nameValue[i + 1] != null) {
                args.put((String) nameValue[i], nameValue[i + 1]);
            }
        }
        return client.callTool(new McpSchema.CallToolRequest(tool, args));
    }

    /** A call that must succeed: its structured content (the same JSON as its text). */
    @SuppressWarnings("unchecked")
    Map<String, Object> ok(String tool, Object... nameValue) {
        CallToolResult r = call(tool, nameValue);
        assertThat(r.isError()).as(tool + " failed: " + text(r)).isNotEqualTo(Boolean.TRUE);
        return (Map<String, Object>) r.structuredContent();
    }

    /** A call that must fail: the text an agent reads. */
    String error(String tool, Object... nameValue) {
        CallToolResult r = call(tool, nameValue);
        assertThat(r.isError()).as(tool + " should have failed").isTrue();
        return text(r);
    }

    static String text(CallToolResult r) {
        return ((McpSchema.TextContent) r.content().get(0)).text();
    }

    @Override
    public void close() {
        client.closeGracefully();
    }
}
