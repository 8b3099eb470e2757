package dev.pmmemory.adapters.mcp;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.application.port.in.AddFeedback;
import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.domain.memory.Source;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.time.Instant;

/** remember: feedback in, through the write path of rules.md §3 (REST: POST …/feedback). */
public class FeedbackTools {
    private final AddFeedback addFeedback;
    private final ToolCalls calls;

    public FeedbackTools(AddFeedback addFeedback, ToolCalls calls) {
        this.addFeedback = addFeedback;
        this.calls = calls;
    }

    @Tool(name = "remember", description = """
            Store something the portfolio manager (PM) said about investing: a lasting preference \
            ("以后少推国内大模型"), a decision about a project ("Anthropic 可以推进", "OpenAI 估值太高"), a market \
            note or a temporary status. Pass the PM's own words, one message per call; the service classifies \
            them, extracts entities, merges repeats (the weight grows) and notices reversed decisions. Result: \
            outcome created, deduplicated, replayed (the same message_id again), pending (a lower-confidence \
            reversal that waits for confirm or reject) or unclassified (kept, but no memory); the memory, what it \
            superseded, and the kinds of secret redacted. Needs a key with write scope.""",
            annotations = @Tool.Annotations(destructiveHint = false, openWorldHint = false))
    ToolResponse remember(
            @ToolArg(description = "The PM's words, 1 to 4000 characters. Secrets (passwords, API"
                    + " keys, card and ID numbers, phone numbers) are redacted before anything is stored.")
            @Size(min = 1, max = AddFeedbackCommand.MAX_MESSAGE_CODE_POINTS) String message,
            @ToolArg(required = false, description = Args.PROFILE)
            @Pattern(regexp = Args.PROFILE_REGEX) String profile_id,
            @ToolArg(required = false, description = "When the PM said it (default: now). "
                    + Args.INSTANT + " Recency and conflict order follow it.") String created_at,
            @ToolArg(required = false, description = "Your idempotency key for this message"
                    + " (1 to 128 printable ASCII characters, no spaces): sending it again returns the first result"
                    + " and changes nothing. Use it when you retry.")
            @Pattern(regexp = Args.OPAQUE_ID_REGEX) String message_id,
            @ToolArg(required = false, description = "Who says it: explicit (the PM, default),"
                    + " inferred (you concluded it) or bot. A lower-confidence source cannot silently overturn a"
                    + " PM's explicit decision: it is stored pending.")
            @Pattern(regexp = "^(explicit|inferred|bot)$") String source,
            @ToolArg(required = false, description = "The conversation it came from"
                    + " (1 to 128 printable ASCII characters, no spaces).")
            @Pattern(regexp = Args.OPAQUE_ID_REGEX) String session_id,
            McpConnection connection) {
        return calls.run(connection, Scope.WRITE, profile_id, (caller, profile) -> Results.Remembered.of(profile,
                addFeedback.add(command(profile, message, created_at, session_id, message_id, source)
                        .by(caller.actor(), caller.agent()))));
    }

    /** The tool's arguments as a command; a bad time or source is named by its argument. */
    private static AddFeedbackCommand command(String profile, String message, String createdAt, String sessionId,
                                              String messageId, String source) {
        Validation v = new Validation();
        Instant at = v.optionalInstant("created_at", createdAt);
        Source from = v.optionalEnum("source", source, Source::fromWireName, "explicit, inferred, bot");
        v.check();
        return new AddFeedbackCommand(profile, message, at, sessionId, messageId,
                from == null ? Source.EXPLICIT : from);
    }
}
