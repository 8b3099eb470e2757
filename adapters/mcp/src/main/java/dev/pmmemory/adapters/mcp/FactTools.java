package dev.pmmemory.adapters.mcp;

import dev.pmmemory.application.access.Scope;
import dev.pmmemory.application.port.in.FactsQuery;
import dev.pmmemory.application.port.in.ReadFacts;
import dev.pmmemory.application.port.in.RecordFact;
import dev.pmmemory.application.port.in.RecordFactCommand;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Pattern;
import java.util.HashMap;
import java.util.Map;

/** facts_get and facts_set: the PM's versioned ground truth (rules.md §8; REST: …/facts). */
public class FactTools {
    private final ReadFacts readFacts;
    private final RecordFact recordFact;
    private final ToolCalls calls;

    public FactTools(ReadFacts readFacts, RecordFact recordFact, ToolCalls calls) {
        this.readFacts = readFacts;
        this.recordFact = recordFact;
        this.calls = calls;
    }

    @Tool(name = "facts_get", description = """
            Read the PM's structured facts: stable ground truth such as focus_stage=early, \
            regions=["overseas"], ticket_size_usd_m=[2,5]. Treat them as reliable. Each fact has its value (any \
            JSON), confidence, source and since when it holds. Needs a key with read scope.""",
            annotations = @Tool.Annotations(readOnlyHint = true, destructiveHint = false, openWorldHint = false))
    ToolResponse factsGet(
            @ToolArg(required = false, description = Args.PROFILE)
            @Pattern(regexp = Args.PROFILE_REGEX) String profile_id,
            @ToolArg(required = false, description = "The facts as they held at this instant,"
                    + " default now. " + Args.INSTANT) String as_of,
            McpConnection connection) {
        return calls.run(connection, Scope.READ, profile_id, (caller, profile) -> Results.Facts.of(profile,
                readFacts.validAt(FactsQuery.of(profile, null, as_of))));
    }

    @Tool(name = "facts_set", description = """
            Record a structured fact the PM stated as ground truth (an attribute and its value). A new value \
            becomes the current version and closes the previous one (history is kept); the same value again \
            changes nothing (created false). Secrets in the value are redacted. Needs a key with write scope.""",
            annotations = @Tool.Annotations(destructiveHint = false, idempotentHint = true, openWorldHint = false))
    ToolResponse factsSet(
            @ToolArg(description = "The attribute, snake_case: 1 to 64 of a-z 0-9 _ starting"
                    + " with a letter, e.g. focus_stage, regions, ticket_size_usd_m.")
            @Pattern(regexp = Args.ATTRIBUTE_REGEX) String attribute,
            @ToolArg(description = "Any JSON value but null: a string, number, boolean, array or"
                    + " object: \"early\", [\"overseas\"], [2, 5].") Object value,
            @ToolArg(required = false, description = "0 to 1; default the source's (explicit"
                    + " 1.0, inferred 0.5, bot 0.3).") @DecimalMin("0") @DecimalMax("1") Double confidence,
            @ToolArg(required = false, description = "explicit (the PM said it, default),"
                    + " inferred or bot.") @Pattern(regexp = "^(explicit|inferred|bot)$") String source,
            @ToolArg(required = false, description = "From when the value holds, default now. "
                    + Args.INSTANT) String valid_from,
            @ToolArg(required = false, description = Args.PROFILE)
            @Pattern(regexp = Args.PROFILE_REGEX) String profile_id,
            McpConnection connection) {
        Map<String, Object> fields = new HashMap<>();
        fields.put("value", JsonValues.plain(value));
        if (confidence != null) {
            fields.put("confidence", confidence);
        }
        if (source != null) {
            fields.put("source", source);
        }
        if (valid_from != null) {
            fields.put("valid_from", valid_from);
        }
        return calls.run(connection, Scope.WRITE, profile_id, (caller, profile) -> Results.FactSet.of(profile,
                recordFact.record(RecordFactCommand.of(profile, attribute, fields, caller.actor(), caller.agent()))));
    }
}
