package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.adapters.rest.dto.AuditListResponse;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.application.port.in.ReadAuditTrail;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/v1/profiles/{profile_id}/audit")
@RequiresScope(Scope.READ)
@Tag(name = "history", description = "The past as it was: an entity's memories, the audit trail, the raw messages")
public class AuditResource {
    private final ReadAuditTrail readAuditTrail;

    public AuditResource(ReadAuditTrail readAuditTrail) {
        this.readAuditTrail = readAuditTrail;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listAuditEvents", summary = "The profile's audit events, newest first",
            description = "Every state change, newest first (in the order they were recorded), cursor-paged; "
                    + "with memory_id, only that memory's. Each names its actor and, for changes a caller made, "
                    + "the changed fields before and after.")
    @APIResponse(responseCode = "200", description = "one page",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = AuditListResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the profile holds nothing, or has no such memory",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public AuditListResponse list(
            @PathParam("profile_id") String profileId,
            @Parameter(description = "1..200, default 50", schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "200", defaultValue = "50")) @QueryParam("limit") String limit,
            @Parameter(description = "next_cursor of the previous page") @QueryParam("cursor") String cursor,
            @Parameter(description = "only the events of this memory") @QueryParam("memory_id") String memoryId) {
        return AuditListResponse.of(readAuditTrail.read(QueryParameters.audit(profileId, memoryId, limit, cursor)));
    }
}
