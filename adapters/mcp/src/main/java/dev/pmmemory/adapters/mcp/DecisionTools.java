package dev.pmmemory.adapters.mcp;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.application.port.in.ListMemories;
import dev.pmmemory.application.port.in.ListMemoriesQuery;
import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.application.port.in.SettlePendingMemory;
import dev.pmmemory.domain.memory.MemoryStatus;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;

/** pending, confirm, reject: the decisions that wait for the PM (rules.md §4; REST: :confirm, :reject). */
public class DecisionTools {
    private final ListMemories listMemories;
    private final SettlePendingMemory settle;
    private final ToolCalls calls;

    public DecisionTools(ListMemories listMemories, SettlePendingMemory settle, ToolCalls calls) {
        this.listMemories = listMemories;
        this.settle = settle;
        this.calls = calls;
    }

    @Tool(name = "pending", description = """
            List the memories waiting for the PM's decision, newest first: reversals of a decision said by a \
            less confident source (a bot, an inference) than the decision they contradict. Ask the PM about \
            each, then call confirm or reject with its id. Needs a key with read scope.""",
            annotations = @Tool.Annotations(readOnlyHint = true, destructiveHint = false, openWorldHint = false))
    ToolResponse pending(
            @ToolArg(required = false, description = Args.PROFILE)
            @Pattern(regexp = Args.PROFILE_REGEX) String profile_id,
            @ToolArg(required = false, description = "How many, 1 to 200 (default 20).")
            @Min(1) @Max(ListMemoriesQuery.MAX_LIMIT) Integer limit,
            @ToolArg(required = false, description = "next_cursor of the previous page, to read on.")
            String cursor,
            McpConnection connection) {
        return calls.run(connection, Scope.READ, profile_id, (caller, profile) -> Results.Memories.of(profile,
                listMemories.list(pendingPage(profile, limit, cursor))));
    }

    @Tool(name = "confirm", description = """
            The PM confirms a pending memory: it becomes active from now and supersedes the decisions it \
            contradicted (listed in superseded). Only a pending memory can be confirmed. A memory held because its \
            sign was uncertain (pending_reason uncertain_type) may be confirmed as one of its alternatives with \
            type. Needs a key with write scope.""", annotations = @Tool.Annotations(destructiveHint = false, openWorldHint = false))
    ToolResponse confirm(
            @ToolArg(description = Args.MEMORY_ID) @Pattern(regexp = Args.OPAQUE_ID_REGEX)
            String memory_id,
            @ToolArg(required = false, description = Args.PROFILE)
            @Pattern(regexp = Args.PROFILE_REGEX) String profile_id,
            @ToolArg(required = false, description = "the type to confirm it as: its own or one of its alternatives")
            String type,
            McpConnection connection) {
        return calls.change(connection, profile_id, memory_id, cmd -> settle.confirm(cmd,
                dev.pmmemory.application.port.in.ConfirmChoice.named(type).type()));
    }

    @Tool(name = "reject", description = """
            The PM rejects a pending memory: it is marked rejected and the decision it contradicted stays as it \
            was. Only a pending memory can be rejected. Needs a key with write scope.""",
            annotations = @Tool.Annotations(destructiveHint = false, openWorldHint = false))
    ToolResponse reject(
            @ToolArg(description = Args.MEMORY_ID) @Pattern(regexp = Args.OPAQUE_ID_REGEX)
            String memory_id,
            @ToolArg(required = false, description = Args.PROFILE)
            @Pattern(regexp = Args.PROFILE_REGEX) String profile_id,
            McpConnection connection) {
        return calls.change(connection, profile_id, memory_id, settle::reject);
    }

    /** A page of pending memories; a cursor this service did not return is named by its argument. */
    private static ListMemoriesQuery pendingPage(String profile, Integer limit, String cursor) {
        Validation v = new Validation();
        PagePosition after = null;
        if (cursor != null && !cursor.isEmpty()) {
            after = PagePosition.fromCursor(cursor).orElse(null);
            if (after == null) {
                v.fail("cursor", "is not a cursor this service returned");
            }
        }
        v.check();
        return new ListMemoriesQuery(profile, MemoryStatus.PENDING, null, null,
                limit == null ? ListMemoriesQuery.DEFAULT_LIMIT : limit, after);
    }
}
