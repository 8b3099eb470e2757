package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.adapters.rest.dto.AuditListResponse;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.application.port.in.ReadEntities;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
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

/** The entity registry's audit trail: it belongs to no profile, so it has a path of its own. */
@Path("/v1/registry/audit")
@RequiresScope(Scope.READ)
@Tag(name = "entities", description = "The entity registry: canonical names and their aliases in any language")
public class RegistryAuditResource {
    private final ReadEntities read;

    public RegistryAuditResource(ReadEntities read) {
        this.read = read;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listRegistryAuditEvents", summary = "Every registry change, newest first",
            description = "Each registration (actor system for the shipped dictionary's seed), replacement and deletion "
                    + "of an entity, with the actor (the key's name), the aliases and kind before and after; cursor-paged. "
                    + "The entity's key is the event's memory_id.")
    @APIResponse(responseCode = "200", description = "one page",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AuditListResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public AuditListResponse list(
            @Parameter(description = "1..200, default 50", schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "200", defaultValue = "50"))
            @QueryParam("limit") String limit,
            @Parameter(description = "next_cursor of the previous page", schema = @Schema(type = SchemaType.STRING, maxLength = 400))
            @QueryParam("cursor") String cursor) {
        return AuditListResponse.of(read.audit(QueryParameters.registryAudit(null, limit, cursor)));
    }
}
