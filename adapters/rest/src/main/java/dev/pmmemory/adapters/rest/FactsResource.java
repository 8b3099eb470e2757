package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.auth.Caller;
import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.adapters.rest.wire.FactBody;
import dev.pmmemory.adapters.rest.dto.FactChangeResponse;
import dev.pmmemory.adapters.rest.dto.FactDto;
import dev.pmmemory.adapters.rest.dto.FactHistoryResponse;
import dev.pmmemory.adapters.rest.dto.FactListResponse;
import dev.pmmemory.adapters.rest.dto.FactRequest;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.application.port.in.CloseFact;
import dev.pmmemory.application.port.in.FactCommand;
import dev.pmmemory.application.port.in.FactsAt;
import dev.pmmemory.application.port.in.ReadFacts;
import dev.pmmemory.application.port.in.RecordFact;
import dev.pmmemory.application.port.in.RecordFactCommand;
import dev.pmmemory.application.port.in.RecordedFact;
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

/** Structured facts, versioned (api.md "Structured facts"; docs/rules.md "Facts"). */
@Path("/v1/profiles/{profile_id}/facts")
@RequiresScope(Scope.READ)
@Tag(name = "facts", description = "Structured facts about the PM, versioned ground truth")
public class FactsResource {
    private static final String ATTRIBUTE = "snake_case name: a-z, 0-9 and _, starting with a letter, at most 64";

    private final RecordFact recordFact;
    private final CloseFact closeFact;
    private final ReadFacts readFacts;
    private final Caller caller;

    public FactsResource(RecordFact recordFact, CloseFact closeFact, ReadFacts readFacts, Caller caller) {
        this.recordFact = recordFact;
        this.closeFact = closeFact;
        this.readFacts = readFacts;
        this.caller = caller;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listFacts", summary = "The facts valid at an instant",
            description = "One version per attribute, the one valid at as_of (default now), by attribute; an "
                    + "attribute whose value was closed (DELETE) before as_of is absent. Facts never expire.")
    @APIResponse(responseCode = "200", description = "the facts valid at as_of (possibly none)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = FactListResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public FactListResponse list(
            @PathParam("profile_id") String profileId,
            @Parameter(description = "ISO-8601 instant to read at; default now",
                    schema = @Schema(type = SchemaType.STRING, format = "date-time"))
            @QueryParam("as_of") String asOf) {
        FactsAt at = readFacts.validAt(QueryParameters.facts(profileId, null, asOf));
        return FactListResponse.of(profileId, at.asOf(), at.facts());
    }

    @GET
    @Path("/{attribute}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getFact", summary = "One fact's value at an instant",
            description = "The attribute's version valid at as_of (default now).")
    @APIResponse(responseCode = "200", description = "the version valid at as_of",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = FactDto.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the attribute has no value at as_of (never set, or closed)",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public FactDto get(@PathParam("profile_id") String profileId,
                       @Parameter(description = ATTRIBUTE, schema = @Schema(type = SchemaType.STRING, pattern = "^[a-z][a-z0-9_]{0,63}$", maxLength = 64))
                       @PathParam("attribute") String attribute,
                       @Parameter(description = "ISO-8601 instant to read at; default now",
                               schema = @Schema(type = SchemaType.STRING, format = "date-time"))
                       @QueryParam("as_of") String asOf) {
        return FactDto.of(readFacts.one(QueryParameters.facts(profileId, attribute, asOf)));
    }

    @GET
    @Path("/{attribute}/history")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getFactHistory", summary = "Every version of one fact, oldest first",
            description = "Each version with its validity window and the version it follows; closed versions "
                    + "included. History is never rewritten.")
    @APIResponse(responseCode = "200", description = "the versions, oldest first",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = FactHistoryResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the profile never had this attribute",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public FactHistoryResponse history(@PathParam("profile_id") String profileId,
                                       @Parameter(description = ATTRIBUTE,
                                               schema = @Schema(type = SchemaType.STRING, pattern = "^[a-z][a-z0-9_]{0,63}$", maxLength = 64))
                                       @PathParam("attribute") String attribute) {
        return FactHistoryResponse.of(profileId, attribute,
                readFacts.history(QueryParameters.facts(profileId, attribute, null)));
    }

    @PUT
    @Path("/{attribute}")
    @RequiresScope(Scope.WRITE)
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "putFact", summary = "Set a fact: a new version, unless the value is the current one",
            description = "A new value becomes a new version valid from valid_from (default now); the current "
                    + "version is closed there (valid_until) and the new one links to it (supersedes). The same "
                    + "value again changes nothing: 200 with the current version, created false, no audit event. "
                    + "Secrets in the value are redacted. Audited with the caller's key name, before and after.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = FactRequest.class)))
    @APIResponse(responseCode = "201", description = "a new version was stored",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = FactChangeResponse.class)))
    @APIResponse(responseCode = "200", description = "the value is the current one already: nothing changed",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = FactChangeResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID + " (a bad attribute name, an unknown field, "
            + "an empty or missing value, a bad confidence, source or valid_from)",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "valid_from is not after the current version's valid_from, "
            + "or before the latest version was closed: history is not rewritten",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Response put(@PathParam("profile_id") String profileId,
                        @Parameter(description = ATTRIBUTE, schema = @Schema(type = SchemaType.STRING, pattern = "^[a-z][a-z0-9_]{0,63}$", maxLength = 64))
                        @PathParam("attribute") String attribute,
                        Map<String, Object> body) {
        RecordedFact r = recordFact.record(FactBody.read(profileId, attribute, body, caller.actor(), caller.agent()));
        return Response.status(r.created() ? 201 : 200).entity(FactChangeResponse.of(r)).build();
    }

    @DELETE
    @Path("/{attribute}")
    @RequiresScope(Scope.WRITE)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "closeFact", summary = "Close a fact's current value",
            description = "The current version gets valid_until = now (or its own valid_from when it starts "
                    + "later): the attribute has no value from then on, its history is kept and reads of an "
                    + "earlier as_of still see it. Audited.")
    @APIResponse(responseCode = "200", description = "the closed version",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = FactDto.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the profile never had this attribute",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "the attribute has no current value (closed already)",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public FactDto close(@PathParam("profile_id") String profileId,
                         @Parameter(description = ATTRIBUTE, schema = @Schema(type = SchemaType.STRING, pattern = "^[a-z][a-z0-9_]{0,63}$", maxLength = 64))
                         @PathParam("attribute") String attribute) {
        return FactDto.of(closeFact.close(new FactCommand(profileId, attribute, caller.actor(), caller.agent())));
    }
}
