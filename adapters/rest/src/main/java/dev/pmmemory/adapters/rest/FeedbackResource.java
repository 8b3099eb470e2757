package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.dto.FeedbackRequest;
import dev.pmmemory.adapters.rest.dto.FeedbackResponse;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.application.port.in.AddFeedback;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.model.FeedbackOutcome;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.atomic.AtomicReferenceArray;
import dev.pmmemory.adapters.rest.auth.Caller;
import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.application.access.Scope;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/v1/profiles/{profile_id}/feedback")
@RequiresScope(Scope.WRITE)
@Tag(name = "feedback", description = "What the PM said, turned into memories")
public class FeedbackResource {
    private final AddFeedback addFeedback;
    private final MeterRegistry metrics;
    private final Caller caller;
    /**
     * pm_memory.feedback.adds by outcome, registered on an outcome's first add as before, then kept:
     * looking it up in the registry on every add built a meter id (tags, strings) each time.
     */
    private final AtomicReferenceArray<Counter> adds = new AtomicReferenceArray<>(FeedbackOutcome.values().length);

    public FeedbackResource(AddFeedback addFeedback, MeterRegistry metrics, Caller caller) {
        this.addFeedback = addFeedback;
        this.metrics = metrics;
        this.caller = caller;
    }

    private Counter adds(FeedbackOutcome outcome) {
        Counter c = adds.get(outcome.ordinal());
        if (c == null) {
            c = metrics.counter("pm_memory.feedback.adds", "outcome", outcome.wireName());
            adds.set(outcome.ordinal(), c);
        }
        return c;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "addFeedback", summary = "Add one feedback message",
            description = "Redacts secrets, keeps the raw message, classifies it and creates, reinforces or "
                    + "supersedes memories. 201 when a memory was created, 200 otherwise.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = FeedbackRequest.class),
            examples = @ExampleObject(name = "explicit", value = """
                    {"message": "OpenAI 估值太高，先不看了", "created_at": "2026-05-09T10:00:00Z",
                     "session_id": "chat-42", "message_id": "bot-7781", "source": "explicit"}""")))
    @APIResponse(responseCode = "201", description = "a memory was created (outcome created or pending)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = FeedbackResponse.class),
                    examples = @ExampleObject(name = "created", value = """
                            {"raw_message_id": "0b6f2c1e-…", "outcome": "created",
                             "memory": {"id": "5c1e…", "profile_id": "pm-alice", "type": "project_negative",
                                        "content": "OpenAI 估值太高，先不看了", "entities": ["OpenAI"],
                                        "keywords": ["openai", "估值"], "weight": 1, "type_priority": 0.9,
                                        "status": "active", "source": "explicit", "session_id": "chat-42",
                                        "created_at": "2026-05-09T10:00:00Z", "last_seen_at": "2026-05-09T10:00:00Z",
                                        "expires_at": "2026-08-07T10:00:00Z", "valid_until": null,
                                        "superseded_by": null, "source_message_ids": ["0b6f2c1e-…"]},
                             "superseded": [], "redactions": []}""")))
    @APIResponse(responseCode = "200", description = "deduplicated, replayed or unclassified",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = FeedbackResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "413", description = "body too large",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "415", description = "body is not application/json",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Response add(@PathParam("profile_id") String profileId, FeedbackRequest body) {
        FeedbackRequest b = body != null ? body : new FeedbackRequest(null, null, null, null, null, null);
        FeedbackResult result = addFeedback.add(b.toCommand(profileId).by(caller.actor(), caller.agent()));
        adds(result.outcome()).increment();
        boolean created = result.outcome() == FeedbackOutcome.CREATED || result.outcome() == FeedbackOutcome.PENDING;
        return Response.status(created ? 201 : 200).entity(FeedbackResponse.of(result)).build();
    }
}
