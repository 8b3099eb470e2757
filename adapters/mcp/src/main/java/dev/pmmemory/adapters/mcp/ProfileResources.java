package dev.pmmemory.adapters.mcp;

import dev.pmmemory.application.port.in.FactsQuery;
import dev.pmmemory.application.port.in.ListMemories;
import dev.pmmemory.application.port.in.ListMemoriesQuery;
import dev.pmmemory.application.port.in.ReadFacts;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.RequestUri;
import io.quarkiverse.mcp.server.ResourceTemplate;
import io.quarkiverse.mcp.server.ResourceTemplateArg;
import io.quarkiverse.mcp.server.TextResourceContents;

/**
 * What an agent may keep in its context for a whole conversation: the profile's reliable facts and its
 * core preferences, as read-only resources (read scope, the same profile checks as the tools).
 */
public class ProfileResources {
    private final ReadFacts readFacts;
    private final ListMemories listMemories;
    private final ToolCalls calls;

    public ProfileResources(ReadFacts readFacts, ListMemories listMemories, ToolCalls calls) {
        this.readFacts = readFacts;
        this.listMemories = listMemories;
        this.calls = calls;
    }

    @ResourceTemplate(name = "reliable_facts", uriTemplate = "pm-memory://profiles/{profile_id}/facts",
            mimeType = "application/json", description = "The PM's structured facts valid now (ground truth: treat"
            + " as reliable), as facts_get returns them.")
    TextResourceContents facts(@ResourceTemplateArg(name = "profile_id") String profileId, RequestUri uri,
                               McpConnection connection) {
        return calls.read(connection, uri.value(), profileId, (caller, profile) -> Results.Facts.of(profile,
                readFacts.validAt(FactsQuery.of(profile, null, null))));
    }

    @ResourceTemplate(name = "core_preferences", uriTemplate = "pm-memory://profiles/{profile_id}/preferences",
            mimeType = "application/json", description = "The PM's lasting preferences in force now"
            + " (long_term_preference memories, newest first, at most 200): always apply them.")
    TextResourceContents preferences(@ResourceTemplateArg(name = "profile_id") String profileId, RequestUri uri,
                                     McpConnection connection) {
        return calls.read(connection, uri.value(), profileId, (caller, profile) -> Results.Memories.of(profile,
                listMemories.list(new ListMemoriesQuery(profile, MemoryStatus.ACTIVE,
                        MemoryType.LONG_TERM_PREFERENCE, null, ListMemoriesQuery.MAX_LIMIT, null))));
    }
}
