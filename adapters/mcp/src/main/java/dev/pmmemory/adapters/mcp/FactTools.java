package dev.pmmemory.adapters.mcp;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.application.port.in.FactsQuery;
import dev.pmmemory.application.port.in.ReadFacts;
import dev.pmmemory.application.port.in.RecordFact;
import dev.pmmemory.application.port.in.RecordFactCommand;
import dev.pmmemory.domain.memory.Source;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Pattern;
import java.time.Instant;

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
                readFacts.validAt(factsAt(profile, as_of))));
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
        return calls.run(connection, Scope.WRITE, profile_id, (caller, profile) -> Results.FactSet.of(profile,
                recordFact.record(fact(profile, attribute, JsonValues.plain(value), confidence, source, valid_from,
                        caller.actor(), caller.agent()))));
    }

    private static FactsQuery factsAt(String profile, String asOf) {
        Validation v = new Validation();
        Instant at = v.optionalInstant("as_of", asOf);
        v.check();
        return new FactsQuery(profile, null, at);
    }

    /** The tool's arguments as a fact: confidence defaults to the source's, a bad time is named by its argument. */
    private static RecordFactCommand fact(String profile, String attribute, Object value, Double confidence,
                                          String source, String validFrom, String actor, String agent) {
        Validation v = new Validation();
        Source from = v.optionalEnum("source", source, Source::fromWireName, "explicit, inferred, bot");
        Instant since = v.optionalInstant("valid_from", validFrom);
        v.check();
        Source given = from == null ? Source.EXPLICIT : from;
        return new RecordFactCommand(profile, attribute, value, confidence == null ? given.confidence() : confidence,
                given, since, actor, agent);
    }
}
