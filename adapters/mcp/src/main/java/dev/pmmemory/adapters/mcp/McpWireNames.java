package dev.pmmemory.adapters.mcp;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.quarkiverse.mcp.server.AudioContent;
import io.quarkiverse.mcp.server.BlobResourceContents;
import io.quarkiverse.mcp.server.CompletionResponse;
import io.quarkiverse.mcp.server.Content;
import io.quarkiverse.mcp.server.EmbeddedResource;
import io.quarkiverse.mcp.server.Icon;
import io.quarkiverse.mcp.server.ImageContent;
import io.quarkiverse.mcp.server.Implementation;
import io.quarkiverse.mcp.server.PromptMessage;
import io.quarkiverse.mcp.server.PromptResponse;
import io.quarkiverse.mcp.server.ResourceLink;
import io.quarkiverse.mcp.server.ResourceResponse;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.TextResourceContents;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import java.util.List;

/**
 * The MCP protocol's own names (isError, structuredContent, mimeType…) on the wire, whatever the
 * application's JSON naming: the service names its REST JSON snake_case for the whole ObjectMapper, which
 * the extension also writes MCP results with, so without this a tool result would say is_error and no
 * client would read it. Applied after the extension's customizer, whose NON_NULL rule it keeps.
 */
@Singleton
public class McpWireNames implements ObjectMapperCustomizer {
    /** The extension's result types, as McpObjectMapperCustomizer lists them, and the prompt message. */
    private static final List<Class<?>> PROTOCOL_TYPES = List.of(ToolResponse.class, PromptResponse.class,
            PromptMessage.class, ResourceResponse.class, CompletionResponse.class, TextResourceContents.class,
            BlobResourceContents.class, AudioContent.class, EmbeddedResource.class, ImageContent.class,
            ResourceLink.class, TextContent.class, Content.Annotations.class, Icon.class, Implementation.class);

    @Override
    public void customize(ObjectMapper mapper) {
        PROTOCOL_TYPES.forEach(type -> mapper.addMixIn(type, AsDeclared.class));
    }

    /** Last: a class has one mix-in, and this one must replace the extension's. */
    @Override
    public int priority() {
        return MINIMUM_PRIORITY;
    }

    /** Property names as the records declare them (they are the protocol's), nulls left out. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonNaming(PropertyNamingStrategies.LowerCamelCaseStrategy.class)
    abstract static class AsDeclared {
    }
}
