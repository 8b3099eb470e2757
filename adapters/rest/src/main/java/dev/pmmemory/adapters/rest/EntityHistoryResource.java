package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.adapters.rest.dto.EntityHistoryResponse;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.application.port.in.EntityHistoryQuery;
import dev.pmmemory.application.port.in.ReadEntityHistory;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/v1/profiles/{profile_id}/entities")
@RequiresScope(Scope.READ)
@Tag(name = "history", description = "The past as it was: an entity's memories, the audit trail, the raw messages")
public class EntityHistoryResource {
    private final ReadEntityHistory readEntityHistory;

    public EntityHistoryResource(ReadEntityHistory readEntityHistory) {
        this.readEntityHistory = readEntityHistory;
    }

    @GET
    @Path("/{name}/history")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getEntityHistory", summary = "Every memory about an entity, oldest first",
            description = "Every memory naming the entity, whatever its status, oldest first, each with its "
                    + "status changes and their times. The name is compared case-insensitively after Unicode NFKC "
                    + "; an alias names its canonical entity (DeepSeek and 深度求索 give one history).")
    @APIResponse(responseCode = "200", description = "the entity's memories (empty when none names it)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = EntityHistoryResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the profile holds nothing (it never sent a message)",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public EntityHistoryResponse history(@PathParam("profile_id") String profileId,
                                         @Parameter(description = "an entity name, e.g. OpenAI")
                                         @PathParam("name") String name) {
        return EntityHistoryResponse.of(readEntityHistory.read(new EntityHistoryQuery(profileId, name)));
    }
}
