package dev.pmmemory.adapters.mcp;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.application.port.in.RecallContext;
import dev.pmmemory.application.port.in.RecallContextQuery;
import io.quarkiverse.mcp.server.McpConnection;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/** recall: the memories that matter for the next answer (rules.md §6; REST: GET …/context). */
public class RecallTools {
    private final RecallContext recallContext;
    private final ToolCalls calls;

    public RecallTools(RecallContext recallContext, ToolCalls calls) {
        this.recallContext = recallContext;
        this.calls = calls;
    }

    @Tool(name = "recall", description = """
            Recall what the PM told you before, ranked for what you are about to answer or recommend. Call it \
            before recommending projects or answering about companies, with the topic as the query. Returns the \
            top memories, each with its score and the four factors it came from (keyword_match, recency_decay, \
            type_priority, weight_normalized) and whether it matches the query, plus prompt_block: a ready-to-\
            paste text that separates core preferences (always apply) from relevant memories (for reference). \
            A lasting preference is always carried. Needs a key with read scope.""",
            annotations = @Tool.Annotations(readOnlyHint = true, destructiveHint = false, openWorldHint = false))
    ToolResponse recall(
            @ToolArg(required = false, description = "What you are about to answer or recommend,"
                    + " in any language (up to 1000 characters), e.g. a company or a sector. May be empty.")
            @Size(max = RecallContextQuery.MAX_QUERY_CODE_POINTS) String query,
            @ToolArg(required = false, description = Args.PROFILE)
            @Pattern(regexp = Args.PROFILE_REGEX) String profile_id,
            @ToolArg(required = false, description = "How many memories, 1 to 50 (default 3).")
            @Min(1) @Max(RecallContextQuery.MAX_LIMIT) Integer limit,
            @ToolArg(required = false, description = "Keep only these memory types:"
                    + " long_term_preference, project_negative, project_advance, project_positive, market_info,"
                    + " temp_status, summary. Default: every type.") List<String> types,
            @ToolArg(required = false, description = "Recall as the memory stood at this instant"
                    + " (what did the bot know then?), default now. " + Args.INSTANT) String as_of,
            McpConnection connection) {
        return calls.run(connection, Scope.READ, profile_id, (caller, profile) -> Results.Recall.of(
                recallContext.recall(query(profile, query, limit, types, as_of))));
    }

    /** The tool's arguments as a query; every bad one is named at once. */
    private static RecallContextQuery query(String profile, String query, Integer limit, List<String> types,
                                            String asOf) {
        Validation v = new Validation();
        Instant at = v.optionalInstant("as_of", asOf);
        Set<MemoryType> typeSet = v.memoryTypes("types", types == null ? List.of() : types);
        v.check();
        return new RecallContextQuery(profile, query, limit == null ? RecallContextQuery.DEFAULT_LIMIT : limit, at,
                typeSet, null);
    }
}
