package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.dto.ConfirmRequest;
import dev.pmmemory.adapters.rest.dto.MemoryDetailResponse;
import dev.pmmemory.adapters.rest.dto.MemoryListResponse;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.port.in.ConfirmChoice;
import dev.pmmemory.application.port.in.GetMemory;
import dev.pmmemory.application.port.in.ListMemories;
import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.adapters.rest.auth.Caller;
import dev.pmmemory.adapters.rest.wire.CorrectionBody;
import dev.pmmemory.adapters.rest.dto.MemoryChangeResponse;
import dev.pmmemory.adapters.rest.dto.MemoryCorrectionRequest;
import dev.pmmemory.application.port.in.CorrectMemory;
import dev.pmmemory.application.port.in.CorrectMemoryCommand;
import dev.pmmemory.application.port.in.DeleteMemory;
import dev.pmmemory.application.port.in.MemoryActionCommand;
import dev.pmmemory.application.port.in.SettlePendingMemory;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/v1/profiles/{profile_id}/memories")
@RequiresScope(Scope.READ)
@Tag(name = "memories", description = "What the bot remembers: audit and correction")
public class MemoriesResource {
    private final ListMemories listMemories;
    private static final String AS_OF = "ISO-8601 instant to read at (each memory as it was then); default now";

    private final GetMemory getMemory;
    private final CorrectMemory correctMemory;
    private final DeleteMemory deleteMemory;
    private final SettlePendingMemory settle;
    private final Caller caller;

    private final com.fasterxml.jackson.databind.ObjectMapper json;

    public MemoriesResource(ListMemories listMemories, GetMemory getMemory, CorrectMemory correctMemory,
                            DeleteMemory deleteMemory, SettlePendingMemory settle, Caller caller,
                            com.fasterxml.jackson.databind.ObjectMapper json) {
        this.json = json;
        this.listMemories = listMemories;
        this.getMemory = getMemory;
        this.correctMemory = correctMemory;
        this.deleteMemory = deleteMemory;
        this.settle = settle;
        this.caller = caller;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listMemories", summary = "List a profile's memories, newest first, cursor-paged",
            description = "Every memory of the profile whatever its status (filter with status, type, entity), newest "
                    + "first; pass next_cursor as cursor for the next page. Status is as of now: an active memory "
                    + "past its expires_at reads expired. With as_of: the memories said by then, each as it was then "
                    + "(weight, last_seen_at, expires_at, status, entities given up); the status filter applies to "
                    + "the status it had then.")
    @APIResponse(responseCode = "200", description = "one page",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = MemoryListResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public MemoryListResponse list(
            @PathParam("profile_id") String profileId,
            @Parameter(description = "active, expired, superseded, pending, rejected or deleted",
                    schema = @Schema(type = SchemaType.STRING, enumeration = {"active", "expired", "superseded", "pending", "rejected", "deleted"}))
            @QueryParam("status") String status,
            @Parameter(description = "a memory type", schema = @Schema(implementation = ApiDocs.MemoryTypeName.class)) @QueryParam("type") String type,
            @Parameter(description = "an entity name or any of its aliases") @QueryParam("entity") String entity,
            @Parameter(description = "1..200, default 20", schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "200", defaultValue = "20")) @QueryParam("limit") String limit,
            @Parameter(description = "next_cursor of the previous page") @QueryParam("cursor") String cursor,
            @Parameter(description = AS_OF, schema = @Schema(type = SchemaType.STRING, format = "date-time"))
            @QueryParam("as_of") String asOf) {
        return MemoryListResponse.of(listMemories.list(
                new MemoryListParameters(status, type, entity, limit, cursor, asOf).forProfile(profileId)));
    }

    @GET
    @Path("/{memory_id}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getMemory",
            summary = "One memory with its source raw messages, version chain and audit events",
            description = "Why the bot remembers it (the raw messages it came from), what it superseded and what "
                    + "superseded it: the memories it superseded and those that superseded it, wholly or for some "
                    + "entities (versions), and each takeover with its entities and time (supersessions); every "
                    + "audit event about it, oldest first. With as_of: the memory and its chain as they were then "
                    + "(404 when nothing of it had been said yet), the source messages said by then; the audit "
                    + "events are all of them.")
    @APIResponse(responseCode = "200", description = "the memory",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = MemoryDetailResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the profile has no such memory",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public MemoryDetailResponse get(@PathParam("profile_id") String profileId,
                                    @PathParam("memory_id") String memoryId,
                                    @Parameter(description = AS_OF + "; the version chain as it stood then",
                                            schema = @Schema(type = SchemaType.STRING, format = "date-time"))
                                    @QueryParam("as_of") String asOf) {
        return new MemoryDetailResponse(getMemory.get(QueryParameters.memory(profileId, memoryId, asOf)));
    }

    @PATCH
    @Path("/{memory_id}")
    @RequiresScope(Scope.WRITE)
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "correctMemory", summary = "Correct a memory's content, type or expiry",
            description = "The new content is redacted and its entities and keywords extracted again; the dedup "
                    + "and conflict rules are applied again to the corrected memory (it may fold into an "
                    + "identical memory, or supersede an opposite decision from now on). A new type without "
                    + "expires_at restarts that type's TTL from last_seen_at; expires_at null: never expires. "
                    + "Audited with the caller's key name, before and after.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = MemoryCorrectionRequest.class)))
    @APIResponse(responseCode = "200", description = "the corrected memory",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = MemoryChangeResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID + " (an unknown field, a bad type, an empty "
            + "content, no field at all)",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the profile has no such memory",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "the memory is superseded, rejected or deleted",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public MemoryChangeResponse correct(@PathParam("profile_id") String profileId,
                                        @PathParam("memory_id") String memoryId, Map<String, Object> body) {
        return MemoryChangeResponse.of(correctMemory.correct(
                CorrectionBody.read(profileId, memoryId, body, caller.actor(), caller.agent())));
    }

    @DELETE
    @Path("/{memory_id}")
    @RequiresScope(Scope.WRITE)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "deleteMemory", summary = "Soft-delete a memory",
            description = "The memory becomes deleted and stops being visible from now on; it stays in the history "
                    + "and reads of an earlier as_of still see it. Audited.")
    @APIResponse(responseCode = "200", description = "the deleted memory",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = MemoryChangeResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the profile has no such memory",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "the memory is deleted already",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public MemoryChangeResponse delete(@PathParam("profile_id") String profileId,
                                       @PathParam("memory_id") String memoryId) {
        return MemoryChangeResponse.of(deleteMemory.delete(new MemoryActionCommand(profileId, memoryId,
                caller.actor(), caller.agent())));
    }

    @POST
    @Path("/{memory_id}/confirm") // POST …/{id}:confirm, routed here by CustomMethods
    @RequiresScope(Scope.WRITE)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "confirmMemory", summary = "Confirm a pending memory",
            description = "The pending memory becomes active from now and supersedes the opposite decisions it "
                    + "conflicted with (docs/rules.md §4). Audited. An optional body {\"type\": \"…\"} picks its "
                    + "type: one of the memory's own type and its alternatives (a memory held because the "
                    + "classifiers were unsure of its sign, pending_reason uncertain_type).")
    @RequestBody(required = false, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = ConfirmRequest.class)))
    @APIResponse(responseCode = "200", description = "the confirmed memory and what it superseded",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = MemoryChangeResponse.class),
                    examples = @ExampleObject(name = "confirmed", value = """
                            {"memory": {"id": "77d4…", "profile_id": "pm-alice", "type": "project_negative",
                                        "content": "OpenAI 商业化弱", "entities": ["OpenAI"],
                                        "keywords": ["openai", "商业化"], "weight": 1, "type_priority": 0.9,
                                        "status": "active", "source": "inferred", "session_id": null,
                                        "created_at": "2026-05-09T10:00:00Z", "last_seen_at": "2026-05-09T10:00:00Z",
                                        "expires_at": "2026-08-07T10:00:00Z", "valid_until": null,
                                        "superseded_by": null, "source_message_ids": ["9a02…"]},
                             "superseded": ["5c1e…"]}""")))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the profile has no such memory",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "the memory is not pending",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public MemoryChangeResponse confirm(@PathParam("profile_id") String profileId,
                                        @PathParam("memory_id") String memoryId, String body) {
        // read as text: a confirm without a body (and without a content type) stays valid
        return MemoryChangeResponse.of(settle.confirm(new MemoryActionCommand(profileId, memoryId, caller.actor(),
                caller.agent()), confirmChoice(body).type()));
    }

    private ConfirmChoice confirmChoice(String body) {
        if (body == null || body.isBlank()) {
            return ConfirmChoice.named(null);
        }
        ConfirmRequest request;
        try {
            request = json.readValue(body, ConfirmRequest.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new InvalidInputException(List.of(new InvalidInputException.FieldError("", "must be a JSON object")));
        }
        // a JSON null, as a generated client sends for no body: confirmed as it is
        return request == null ? ConfirmChoice.named(null) : request.toChoice();
    }

    @POST
    @Path("/{memory_id}/reject") // POST …/{id}:reject, routed here by CustomMethods
    @RequiresScope(Scope.WRITE)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "rejectMemory", summary = "Reject a pending memory",
            description = "The pending memory becomes rejected; the decisions it conflicted with stay. Audited.")
    @APIResponse(responseCode = "200", description = "the rejected memory",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = MemoryChangeResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the profile has no such memory",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "the memory is not pending",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public MemoryChangeResponse reject(@PathParam("profile_id") String profileId,
                                       @PathParam("memory_id") String memoryId) {
        return MemoryChangeResponse.of(settle.reject(new MemoryActionCommand(profileId, memoryId, caller.actor(), caller.agent())));
    }
}
