package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.auth.Caller;
import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.adapters.rest.dto.AuditListResponse;
import dev.pmmemory.adapters.rest.wire.EntityBody;
import dev.pmmemory.adapters.rest.dto.EntityDto;
import dev.pmmemory.adapters.rest.dto.EntityListResponse;
import dev.pmmemory.adapters.rest.dto.EntityRequest;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.application.port.in.EntitiesQuery;
import dev.pmmemory.application.port.in.EntityChange;
import dev.pmmemory.application.port.in.ManageEntities;
import dev.pmmemory.application.port.in.PutEntityCommand;
import dev.pmmemory.application.port.in.ReadEntities;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The deployment-wide entity registry (api.md "Entity registry"; docs/features.md "Entity registry"). */
@Path("/v1/entities")
@RequiresScope(Scope.READ)
@Tag(name = "entities", description = "The entity registry: canonical names and their aliases in any language")
public class EntitiesResource {
    private static final String NAME = "the canonical name or any alias, any case; 1 to 100 characters";

    private final ManageEntities manage;
    private final ReadEntities read;
    private final Caller caller;

    public EntitiesResource(ManageEntities manage, ReadEntities read, Caller caller) {
        this.manage = manage;
        this.read = read;
        this.caller = caller;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listEntities", summary = "The registry, a page at a time",
            description = "Entities by canonical name (case-folded), with their aliases; query keeps those with a "
                    + "name (canonical or alias) containing it, any case.")
    @APIResponse(responseCode = "200", description = "one page",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = EntityListResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public EntityListResponse list(
            @Parameter(description = "a part of a name, any case", schema = @Schema(type = SchemaType.STRING, maxLength = 100))
            @QueryParam("query") String query,
            @Parameter(description = "page size, 1 to 200 (default 50)",
                    schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "200", defaultValue = "50"))
            @QueryParam("limit") String limit,
            @Parameter(description = "next_cursor of the previous page", schema = @Schema(type = SchemaType.STRING, maxLength = 400))
            @QueryParam("cursor") String cursor) {
        return EntityListResponse.of(read.list(new EntitiesQuery(query, limit, cursor)));
    }

    @GET
    @Path("/{name}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getEntity", summary = "One entity, by its name or any alias",
            description = "GET /v1/entities/DeepSeek answers the entity 深度求索 when DeepSeek is one of its aliases.")
    @APIResponse(responseCode = "200", description = "the entity",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = EntityDto.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "no entity has this name",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public EntityDto get(@Parameter(description = NAME, schema = @Schema(type = SchemaType.STRING, minLength = 1, maxLength = 100))
                         @PathParam("name") String name) {
        return EntityDto.of(read.get(name));
    }

    @PUT
    @Path("/{name}")
    @RequiresScope(Scope.ADMIN)
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "putEntity", summary = "Create or replace an entity and its aliases",
            description = "The entity {name} gets exactly these aliases and kind (names it no longer lists are freed). "
                    + "From now on every alias resolves to {name} for conflicts, entity history, the entity= filter "
                    + "and recall, in any case; stored memories are re-indexed in the background (POST "
                    + "/v1/admin/jobs/reindex:run runs it now and reports). The same body again changes nothing. "
                    + "Audited with the caller's key name, before and after.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = EntityRequest.class)))
    @APIResponse(responseCode = "201", description = "the entity was created",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = EntityDto.class)))
    @APIResponse(responseCode = "200", description = "the entity was replaced (or was already so)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = EntityDto.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID + " (an empty, too long or multi-line name or "
            + "alias, more than 32 aliases, an unknown kind or field)",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "the name or an alias already names another entity (the problem "
            + "names the field)",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Response put(@Parameter(description = "the canonical name; 1 to 100 characters",
                                schema = @Schema(type = SchemaType.STRING, minLength = 1, maxLength = 100))
                        @PathParam("name") String name,
                        Map<String, Object> body) {
        EntityChange change = manage.put(EntityBody.read(name, body, caller.actor()));
        return Response.status(change.created() ? 201 : 200).entity(EntityDto.of(change.entity())).build();
    }

    @DELETE
    @Path("/{name}")
    @RequiresScope(Scope.ADMIN)
    @Operation(operationId = "deleteEntity", summary = "Remove an entity from the registry",
            description = "By its name or any alias. Memories keep their text; they are re-indexed in the "
                    + "background, so its aliases no longer meet. Audited.")
    @APIResponse(responseCode = "204", description = "removed")
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "no entity has this name",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Response delete(@Parameter(description = NAME, schema = @Schema(type = SchemaType.STRING, minLength = 1, maxLength = 100))
                           @PathParam("name") String name) {
        manage.delete(name, caller.actor());
        return Response.noContent().build();
    }

    @GET
    @Path("/{name}/audit")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listEntityAuditEvents", summary = "One entity's registry changes, newest first",
            description = "Its registration, every replacement and its deletion, each with the actor (the key's name), "
                    + "the aliases and kind before and after; cursor-paged. A deleted entity's changes are found by its "
                    + "canonical name. GET /v1/registry/audit lists the changes of every entity.")
    @APIResponse(responseCode = "200", description = "one page",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = AuditListResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "no entity with this name was ever registered",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public AuditListResponse audit(
            @Parameter(description = NAME, schema = @Schema(type = SchemaType.STRING, minLength = 1, maxLength = 100))
            @PathParam("name") String name,
            @Parameter(description = "1..200, default 50", schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "200", defaultValue = "50"))
            @QueryParam("limit") String limit,
            @Parameter(description = "next_cursor of the previous page", schema = @Schema(type = SchemaType.STRING, maxLength = 400))
            @QueryParam("cursor") String cursor) {
        return AuditListResponse.of(read.audit(QueryParameters.registryAudit(name, limit, cursor)));
    }
}
