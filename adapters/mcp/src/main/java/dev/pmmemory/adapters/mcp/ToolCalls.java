package dev.pmmemory.adapters.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pmmemory.application.access.AgentName;
import dev.pmmemory.application.access.ApiKey;
import dev.pmmemory.application.access.ApiKeys;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.application.port.in.MemoryActionCommand;
import dev.pmmemory.application.port.in.MemoryChange;
import io.quarkiverse.mcp.server.Implementation;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.TextResourceContents;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Singleton;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Runs one tool call: who calls, on which profile (checked), then the use case; its result goes back as
 * JSON text (what a model reads) and as the same structured content (what a program reads). Any failure
 * becomes a tool error ({@link ToolErrors}).
 */
@Singleton
public class ToolCalls {
    private final ApiKeys keys;
    private final CurrentVertxRequest http;
    private final ObjectMapper json;

    public ToolCalls(ApiKeys keys, CurrentVertxRequest http, ObjectMapper json) {
        this.keys = keys;
        this.http = http;
        this.json = json;
    }

    /** What a tool does once its caller and profile are known; returns a result naming the profile. */
    @FunctionalInterface
    interface Call {
        Object run(ToolCaller caller, String profileId);
    }

    ToolResponse run(McpConnection connection, Scope needed, String requestedProfile, Call call) {
        try {
            ToolCaller caller = caller(connection);
            String profile = caller.profileFor(requestedProfile, needed);
            Object result = call.run(caller, profile);
            return new ToolResponse(false, List.of(new TextContent(json.writeValueAsString(result))), result, null);
        } catch (JsonProcessingException e) {
            return ToolErrors.of(new IllegalStateException("a tool result could not be written as JSON", e));
        } catch (RuntimeException e) {
            return ToolErrors.of(e);
        }
    }

    /** A change to one memory (confirm, reject, forget): the caller's command to the use case, its answer back. */
    ToolResponse change(McpConnection connection, String requestedProfile, String memoryId,
                        Function<MemoryActionCommand, MemoryChange> useCase) {
        return run(connection, Scope.WRITE, requestedProfile, (caller, profile) -> Results.Changed.of(profile,
                useCase.apply(new MemoryActionCommand(profile, memoryId, caller.actor(), caller.agent()))));
    }

    /**
     * A resource read (read scope): the result as JSON text under {@code uri}. A failure is a protocol error
     * whose message is the tool error's text.
     */
    TextResourceContents read(McpConnection connection, String uri, String requestedProfile, Call call) {
        try {
            ToolCaller caller = caller(connection);
            String profile = caller.profileFor(requestedProfile, Scope.READ);
            return new TextResourceContents(uri, json.writeValueAsString(call.run(caller, profile)), "application/json");
        } catch (JsonProcessingException e) {
            throw ToolErrors.protocolError(new IllegalStateException("a resource could not be written as JSON", e));
        } catch (RuntimeException e) {
            throw ToolErrors.protocolError(e);
        }
    }

    /**
     * The key the HTTP filter left on this request, and the agent: the request's {@code x-agent-id} header,
     * else the MCP client's name and version from the initialize handshake.
     */
    ToolCaller caller(McpConnection connection) {
        RoutingContext request = http.getCurrent();
        ApiKey key = request == null ? null : request.get(McpAccessFilter.KEY);
        if (keys.enabled() && key == null) {
            // the filter refuses such a request; a transport that bypassed it is refused here too
            throw new ToolRefusal("an API key is required: Authorization: Bearer <key>");
        }
        Implementation client = connection.initialRequest().implementation();
        String header = request == null ? null : request.request().getHeader(AgentName.HEADER);
        String agent = AgentName.of(header).or(() -> AgentName.of(client.name() + " " + client.version()))
                .orElse(null);
        return new ToolCaller(Optional.ofNullable(key), agent);
    }
}
