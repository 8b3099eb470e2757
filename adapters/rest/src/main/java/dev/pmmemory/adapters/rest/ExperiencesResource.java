package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.adapters.rest.dto.ExperienceListResponse;
import dev.pmmemory.adapters.rest.dto.ExperienceRequest;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.adapters.rest.dto.RecordedExperienceDto;
import dev.pmmemory.application.port.in.ListExperiences;
import dev.pmmemory.application.port.in.RecordExperience;
import dev.pmmemory.application.port.in.RecordExperienceCommand;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/v1/profiles/{profile_id}/experiences")
@Tag(name = "experiences", description = "Lessons from finished recommendation rounds")
public class ExperiencesResource {
    private final RecordExperience recordExperience;
    private final ListExperiences listExperiences;

    public ExperiencesResource(RecordExperience recordExperience, ListExperiences listExperiences) {
        this.recordExperience = recordExperience;
        this.listExperiences = listExperiences;
    }

    @POST
    @RequiresScope(Scope.WRITE)
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "recordExperience", summary = "Record the lesson of a finished recommendation round",
            description = "Redacts secrets in task, outcome and lesson, extracts their keywords and stores the "
                    + "experience. It is recalled by GET context with include=experiences when it shares a term "
                    + "with the query.")
    @APIResponse(responseCode = "201", description = "the experience as stored",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = RecordedExperienceDto.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "413", description = "body too large",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "415", description = "body is not application/json",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Response record(@PathParam("profile_id") String profileId, ExperienceRequest body) {
        ExperienceRequest b = body != null ? body : new ExperienceRequest(null, null, null, null, null);
        RecordExperienceCommand command = b.toCommand(profileId);
        return Response.status(201).entity(new RecordedExperienceDto(recordExperience.record(command))).build();
    }

    @GET
    @RequiresScope(Scope.READ)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listExperiences", summary = "A profile's experiences, newest first",
            description = "The lessons recorded for the profile, newest first, at most limit of them. Context "
                    + "recalls the relevant ones with include=experiences.")
    @APIResponse(responseCode = "200", description = "the newest experiences",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ExperienceListResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public ExperienceListResponse list(@PathParam("profile_id") String profileId,
                                       @Parameter(description = "1..200, default 20",
                                               schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "200", defaultValue = "20")) @QueryParam("limit") String limit) {
        return ExperienceListResponse.of(listExperiences.list(QueryParameters.experiences(profileId, limit)));
    }
}
