package dev.pmmemory.adapters.mcp;

import dev.pmmemory.application.access.Scope;
import dev.pmmemory.application.port.in.EntityHistoryQuery;
import dev.pmmemory.application.port.in.ReadEntityHistory;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** entity_history: how the PM's view of one company evolved (REST: GET …/entities/{name}/history). */
public class HistoryTools {
    private final ReadEntityHistory history;
    private final ToolCalls calls;

    public HistoryTools(ReadEntityHistory history, ToolCalls calls) {
        this.history = history;
        this.calls = calls;
    }

    @Tool(name = "entity_history", description = """
            Every memory about one entity (a company or project), oldest first, whatever its status now, each \
            with its status changes (created, superseded by a reversal, confirmed, expired, deleted) and who made \
            them. Use it to explain how the PM's view of a company changed. Needs a key with read scope.""",
            annotations = @Tool.Annotations(readOnlyHint = true, destructiveHint = false, openWorldHint = false))
    ToolResponse entityHistory(
            @ToolArg(description = "The entity's name or any alias (1 to 200 characters), e.g."
                    + " OpenAI or 深度求索; compared case-insensitively.")
            @Size(min = 1, max = Args.MAX_ENTITY_CHARS) String name,
            @ToolArg(required = false, description = Args.PROFILE)
            @Pattern(regexp = Args.PROFILE_REGEX) String profile_id,
            McpConnection connection) {
        return calls.run(connection, Scope.READ, profile_id, (caller, profile) -> Results.History.of(profile,
                history.read(new EntityHistoryQuery(profile, name))));
    }
}
