package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.adapters.rest.dto.MessageListResponse;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.application.port.in.ReadMessages;
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

@Path("/v1/profiles/{profile_id}/messages")
@RequiresScope(Scope.READ)
@Tag(name = "history", description = "The past as it was: an entity's memories, the audit trail, the raw messages")
public class MessagesResource {
    private final ReadMessages readMessages;

    public MessagesResource(ReadMessages readMessages) {
        this.readMessages = readMessages;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listMessages", summary = "The raw messages, newest first",
            description = "Every feedback message as stored (redacted), newest received first, cursor-paged; "
                    + "outcome=unclassified lists what the bot did not understand.")
    @APIResponse(responseCode = "200", description = "one page",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = MessageListResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the profile holds nothing (it never sent a message)",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public MessageListResponse list(
            @PathParam("profile_id") String profileId,
            @Parameter(description = "created, deduplicated, pending or unclassified",
                    schema = @Schema(type = SchemaType.STRING, enumeration = {"created", "deduplicated", "pending", "unclassified"})) @QueryParam("outcome")
            String outcome,
            @Parameter(description = "1..200, default 20", schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "200", defaultValue = "20")) @QueryParam("limit") String limit,
            @Parameter(description = "next_cursor of the previous page") @QueryParam("cursor") String cursor) {
        return MessageListResponse.of(readMessages.read(QueryParameters.messages(profileId, outcome, limit, cursor)));
    }
}
