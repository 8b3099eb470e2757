package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.dto.ContextResponse;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.application.port.in.RecallContext;
import dev.pmmemory.application.port.in.RecallContextQuery;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.application.access.Scope;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterStyle;
import org.eclipse.microprofile.openapi.annotations.enums.Explode;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/v1/profiles/{profile_id}/context")
@RequiresScope(Scope.READ)
@Tag(name = "context", description = "The memories that matter for the bot's next answer")
public class ContextResource {
    private final RecallContext recallContext;
    private final Timer latency;

    public ContextResource(RecallContext recallContext, MeterRegistry metrics) {
        this.recallContext = recallContext;
        this.latency = Timer.builder("pm_memory.context.latency")
                .description("time to rank and return a context")
                .publishPercentileHistogram()
                .register(metrics);
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getContext", summary = "Recall ranked memories for a query",
            description = "Scores the memories visible at as_of, returns the top `limit` with their factors and "
                    + "a ready-to-paste prompt block. A visible long-term preference is always carried. With "
                    + "include=experiences, also the relevant experiences (sharing a term with the query) and "
                    + "their prompt-block section.")
    @APIResponse(responseCode = "200", description = "ranked memories",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ContextResponse.class),
                    examples = @ExampleObject(name = "ranked", value = """
                            {"profile_id": "pm-alice", "query": "OpenAI", "as_of": "2026-05-10T10:00:00Z",
                             "items": [{"id": "5c1e…", "profile_id": "pm-alice", "type": "project_negative",
                                        "content": "OpenAI 估值太高，先不看了", "entities": ["OpenAI"],
                                        "keywords": ["openai", "估值"], "weight": 1, "type_priority": 0.9,
                                        "status": "active", "source": "explicit", "session_id": null,
                                        "created_at": "2026-05-09T10:00:00Z", "last_seen_at": "2026-05-09T10:00:00Z",
                                        "expires_at": "2026-08-07T10:00:00Z", "valid_until": null,
                                        "superseded_by": null, "source_message_ids": ["0b6f…"], "score": 0.71,
                                        "factors": {"keyword_match": 0.5, "recency_decay": 0.93,
                                                    "type_priority": 0.9, "weight_normalized": 0.1}}],
                             "prompt_block": "Core preferences (always apply):\n…\nRelevant memories (for reference):\n- (project_negative) OpenAI 估值太高，先不看了"}""")))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public ContextResponse context(
            @PathParam("profile_id") String profileId,
            @Parameter(description = "free text; may be empty", schema = @Schema(type = SchemaType.STRING, maxLength = 1000))
            @QueryParam("query") String query,
            @Parameter(description = "1..50, default 3",
                    schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "50", defaultValue = "3"))
            @QueryParam("limit") String limit,
            @Parameter(description = "ISO-8601 instant to evaluate at; default now. Each memory is scored as "
                    + "it was then: its weight, last_seen_at, expiry, status and the entities it had given up",
                    schema = @Schema(type = SchemaType.STRING, format = "date-time"))
            @QueryParam("as_of") String asOf,
            @Parameter(description = "types to keep, comma-separated", style = ParameterStyle.FORM,
                    explode = Explode.FALSE,
                    schema = @Schema(type = SchemaType.ARRAY, implementation = ApiDocs.MemoryTypeName.class))
            @QueryParam("types") String types,
            @Parameter(description = "keep memories about this entity, by its name or any alias (1..200 characters)",
                    schema = @Schema(type = SchemaType.STRING, maxLength = 200))
            @QueryParam("entity") String entity,
            @Parameter(description = "comma-separated sections to add: experiences (the relevant lessons of past "
                    + "rounds, in an experiences array and their own prompt-block section); anything else is a 400",
                    style = ParameterStyle.FORM, explode = Explode.FALSE,
                    schema = @Schema(type = SchemaType.ARRAY, implementation = ApiDocs.ContextSection.class))
            @QueryParam("include") String include) {
        RecallContextQuery q = new ContextParameters(query, limit, asOf, types, entity, include).toQuery(profileId);
        Timer.Sample sample = Timer.start();
        try {
            return ContextResponse.of(recallContext.recall(q));
        } finally {
            sample.stop(latency);
        }
    }
}
