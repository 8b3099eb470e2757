package dev.pmmemory.adapters.mcp;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.port.in.CorrectMemory;
import dev.pmmemory.application.port.in.CorrectMemoryCommand;
import dev.pmmemory.application.port.in.CorrectMemoryCommand.Expiry;
import dev.pmmemory.application.port.in.DeleteMemory;
import dev.pmmemory.domain.memory.MemoryType;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.Optional;

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
        return calls.run(connection, Scope.WRITE, profile_id, (caller, profile) -> Results.Changed.of(profile,
                correctMemory.correct(correction(profile, memory_id, content, type, expires_at, caller.actor(),
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

    /** The tool's arguments as a correction; an unknown type or a bad time is named by its argument. */
    private static CorrectMemoryCommand correction(String profile, String memoryId, String content, String type,
                                                   String expiresAt, String actor, String agent) {
        Validation v = new Validation();
        Optional<MemoryType> newType = Optional.empty();
        if (type != null) {
            newType = MemoryType.fromWireName(type).filter(MemoryType::classifiable);
            if (newType.isEmpty()) {
                v.fail("type", "must be one of " + AddFeedbackCommand.CLASSIFIABLE_TYPES);
            }
        }
        Expiry expiry = null;
        if (NEVER.equals(expiresAt)) {
            expiry = new Expiry(null);
        } else if (expiresAt != null) {
            Instant at = v.optionalInstant("expires_at", expiresAt);
            expiry = at == null ? null : new Expiry(at);
        }
        v.check();
        return new CorrectMemoryCommand(profile, memoryId, Optional.ofNullable(content), newType, expiry, actor, agent);
    }
}
