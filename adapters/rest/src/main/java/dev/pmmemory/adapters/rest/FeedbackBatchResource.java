package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.problem.Problems;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pmmemory.adapters.rest.auth.Caller;
import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.adapters.rest.dto.FeedbackBatchRequest;
import dev.pmmemory.adapters.rest.dto.FeedbackBatchResponse;
import dev.pmmemory.adapters.rest.dto.FeedbackBatchResult;
import dev.pmmemory.adapters.rest.dto.FeedbackRequest;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.AddFeedback;
import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.port.in.FeedbackResult;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code POST …/feedback:batch} (routed here by {@link CustomMethods}): many messages in one call and
 * one transaction. An item that cannot become a command is refused in its own slot; the valid ones are
 * applied in order, exactly as single adds would be.
 */
@Path("/v1/profiles/{profile_id}/feedback/batch")
@RequiresScope(Scope.WRITE)
@Tag(name = "feedback")
public class FeedbackBatchResource {
    private final AddFeedback addFeedback;
    private final MeterRegistry metrics;
    private final ObjectMapper json;
    private final Caller caller;

    public FeedbackBatchResource(AddFeedback addFeedback, MeterRegistry metrics, ObjectMapper json, Caller caller) {
        this.addFeedback = addFeedback;
        this.metrics = metrics;
        this.caller = caller;
        this.json = json;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "addFeedbackBatch", summary = "Add up to 500 feedback messages at once",
            description = "Each item follows the rules of a single add (redaction, dedup, conflicts, message_id "
                    + "idempotency) in the order given, so a later item sees the earlier ones; all valid items are "
                    + "written in one transaction. An invalid item does not stop the others: its slot carries a "
                    + "problem naming items[i].field. More than 500 items, none, or a body over "
                    + "memory.http.max-batch-body-size is refused whole, with nothing stored.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = FeedbackBatchRequest.class),
            examples = @ExampleObject(name = "mixed", value = """
                    {"items": [
                      {"message": "OpenAI 可以推进", "message_id": "bot-7781"},
                      {"message": "OpenAI 商业化弱", "source": "inferred"},
                      {"message": ""}
                    ]}""")))
    @APIResponse(responseCode = "200", description = "one result per item, in order",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = FeedbackBatchResponse.class),
                    examples = @ExampleObject(name = "mixed", value = """
                            {"results": [
                              {"status": 201, "raw_message_id": "0b6f…", "outcome": "created",
                               "memory": {"id": "5c1e…", "type": "project_advance", "status": "active"},
                               "superseded": [], "redactions": [], "problem": null},
                              {"status": 201, "raw_message_id": "9a02…", "outcome": "pending",
                               "memory": {"id": "77d4…", "type": "project_negative", "status": "pending"},
                               "superseded": [], "redactions": [], "problem": null},
                              {"status": 400, "raw_message_id": null, "outcome": null, "memory": null,
                               "superseded": [], "redactions": [],
                               "problem": {"type": "urn:pm-memory:problem:invalid-input", "title": "Invalid input",
                                           "status": 400, "detail": "invalid field(s): items[2].message",
                                           "errors": [{"field": "items[2].message", "message": "must not be blank"}]}}
                            ]}""")))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID + " (no items, more than 500, a bad profile_id)",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "413", description = "the body is larger than memory.http.max-batch-body-size "
            + "(default 4M); nothing is stored",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public FeedbackBatchResponse addAll(@PathParam("profile_id") String profileId, FeedbackBatchRequest body) {
        List<JsonNode> items = body == null ? null : body.items();
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        if (items == null || items.isEmpty() || items.size() > AddFeedback.MAX_BATCH_ITEMS) {
            v.fail("items", "must hold 1 to " + AddFeedback.MAX_BATCH_ITEMS + " items");
        }
        v.check();

        List<Problem> refused = new ArrayList<>(items.size());
        List<AddFeedbackCommand> valid = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            try {
                valid.add(command(profileId, items.get(i)));
                refused.add(null);
            } catch (InvalidInputException e) {
                refused.add(invalidItem(i, e));
            }
        }
        Iterator<FeedbackResult> applied = valid.isEmpty() ? List.<FeedbackResult>of().iterator()
                : addFeedback.addAll(profileId, valid).iterator();
        List<FeedbackBatchResult> results = new ArrayList<>(items.size());
        for (Problem problem : refused) {
            if (problem != null) {
                results.add(FeedbackBatchResult.refused(problem));
                metrics.counter("pm_memory.feedback.adds", "outcome", "refused").increment();
            } else {
                FeedbackResult r = applied.next();
                results.add(FeedbackBatchResult.applied(r));
                metrics.counter("pm_memory.feedback.adds", "outcome", r.outcome().wireName()).increment();
            }
        }
        return new FeedbackBatchResponse(results);
    }

    /** One item as a single add reads it; a wrong JSON shape is reported by field, like any invalid value. */
    private AddFeedbackCommand command(String profileId, JsonNode item) {
        if (item == null || !item.isObject()) {
            throw new InvalidInputException(List.of(
                    new InvalidInputException.FieldError("", "must be a JSON object")));
        }
        FeedbackRequest b;
        try {
            b = json.treeToValue(item, FeedbackRequest.class);
        } catch (JsonProcessingException e) {
            String field = e instanceof JsonMappingException jme ? jme.getPath().stream()
                    .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                    .collect(Collectors.joining(".")) : "";
            throw new InvalidInputException(List.of(
                    new InvalidInputException.FieldError(field, "has the wrong JSON type")));
        }
        return b.toCommand(profileId).by(caller.actor(), caller.agent());
    }

    /** The problem of item {@code index}, its fields named from the body's root: {@code items[3].message}. */
    private static Problem invalidItem(int index, InvalidInputException e) {
        String item = "items[" + index + "]";
        List<Problem.FieldError> named = e.errors().stream()
                .map(err -> new Problem.FieldError(err.field().isEmpty() ? item : item + "." + err.field(),
                        err.message()))
                .toList();
        return Problems.invalidInput(named);
    }
}
