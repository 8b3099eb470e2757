package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.dto.MemoryDetailResponse;
import dev.pmmemory.adapters.rest.dto.MemoryListResponse;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.application.port.in.GetMemory;
import dev.pmmemory.application.port.in.ListMemories;
import dev.pmmemory.application.port.in.ListMemoriesQuery;
import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.adapters.rest.auth.Scope;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/v1/profiles/{profile_id}/memories")
@RequiresScope(Scope.READ)
@Tag(name = "memories", description = "What the bot remembers: audit and correction")
public class MemoriesResource {
    private final ListMemories listMemories;
    private final GetMemory getMemory;

    public MemoriesResource(ListMemories listMemories, GetMemory getMemory) {
        this.listMemories = listMemories;
        this.getMemory = getMemory;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listMemories", summary = "List a profile's memories, newest first, cursor-paged")
    @APIResponse(responseCode = "200", description = "one page",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = MemoryListResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public MemoryListResponse list(
            @PathParam("profile_id") String profileId,
            @Parameter(description = "active, expired, superseded, pending, rejected or deleted")
            @QueryParam("status") String status,
            @Parameter(description = "a memory type") @QueryParam("type") String type,
            @Parameter(description = "an entity name") @QueryParam("entity") String entity,
            @Parameter(description = "1..200, default 20") @QueryParam("limit") String limit,
            @Parameter(description = "next_cursor of the previous page") @QueryParam("cursor") String cursor) {
        return MemoryListResponse.of(listMemories.list(
                ListMemoriesQuery.of(profileId, status, type, entity, limit, cursor)));
    }

    @GET
    @Path("/{memory_id}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getMemory",
            summary = "One memory with its source raw messages, version chain and audit events")
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
                                    @PathParam("memory_id") String memoryId) {
        return new MemoryDetailResponse(getMemory.get(profileId, memoryId));
    }
}
