package dev.pmmemory.adapters.mcp;

import dev.pmmemory.application.access.Scope;
import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.port.in.CorrectMemory;
import dev.pmmemory.application.port.in.CorrectMemoryCommand;
import dev.pmmemory.application.port.in.DeleteMemory;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.HashMap;
import java.util.Map;

/** correct and forget: the PM fixes or removes what the bot remembers (REST: PATCH, DELETE …/memories/{id}). */
public class CorrectionTools {
    /** The expires_at value that makes a memory permanent (REST: expires_at null). */
    static final String NEVER = "never";

    private final CorrectMemory correctMemory;
    private final DeleteMemory deleteMemory;
    private final ToolCalls calls;

    public CorrectionTools(CorrectMemory correctMemory, DeleteMemory deleteMemory, ToolCalls calls) {
        this.correctMemory = correctMemory;
        this.deleteMemory = deleteMemory;
        this.calls = calls;
    }

    @Tool(name = "correct", description = """
            Correct a memory the PM says is wrong: its content, its type or its expiry (give at least one). The \
            text is redacted, entities and keywords are extracted again, and repeats and conflicts are re-checked; \
            the change is audited with the old and new values. A superseded, rejected or deleted memory cannot be \
            corrected (history is not rewritten). Needs a key with write scope.""",
            annotations = @Tool.Annotations(destructiveHint = false, openWorldHint = false))
    ToolResponse correct(
            @ToolArg(description = Args.MEMORY_ID) @Pattern(regexp = Args.OPAQUE_ID_REGEX)
            String memory_id,
            @ToolArg(required = false, description = "The corrected text, 1 to 4000 characters.")
            @Size(min = 1, max = AddFeedbackCommand.MAX_MESSAGE_CODE_POINTS) String content,
            @ToolArg(required = false, description = "The corrected type: long_term_preference,"
                    + " project_negative, project_advance, project_positive, market_info or temp_status.")
            String type,
            @ToolArg(required = false, description = "The new expiry. " + Args.INSTANT
                    + " Or never, to keep the memory for good.") String expires_at,
            @ToolArg(required = false, description = Args.PROFILE)
            @Pattern(regexp = Args.PROFILE_REGEX) String profile_id,
            McpConnection connection) {
        Map<String, Object> fields = new HashMap<>();
        if (content != null) {
            fields.put("content", content);
        }
        if (type != null) {
            fields.put("type", type);
        }
        if (expires_at != null) {
            fields.put("expires_at", NEVER.equals(expires_at) ? null : expires_at);
        }
        return calls.run(connection, Scope.WRITE, profile_id, (caller, profile) -> Results.Changed.of(profile,
                correctMemory.correct(CorrectMemoryCommand.of(profile, memory_id, fields, caller.actor(),
                        caller.agent()))));
    }

    @Tool(name = "forget", description = """
            Forget a memory the PM no longer wants used: a soft delete. It stops being recalled from now on, \
            stays in the history and audit as deleted, and a deleted memory cannot be deleted again. Needs a key \
            with write scope.""", annotations = @Tool.Annotations(destructiveHint = true, openWorldHint = false))
    ToolResponse forget(
            @ToolArg(description = Args.MEMORY_ID) @Pattern(regexp = Args.OPAQUE_ID_REGEX)
            String memory_id,
            @ToolArg(required = false, description = Args.PROFILE)
            @Pattern(regexp = Args.PROFILE_REGEX) String profile_id,
            McpConnection connection) {
        return calls.change(connection, profile_id, memory_id, deleteMemory::delete);
    }
}
