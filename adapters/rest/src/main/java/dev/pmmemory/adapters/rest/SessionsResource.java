package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.problem.Problems;
import dev.pmmemory.application.access.ApiKey;
import dev.pmmemory.application.access.ApiKeys;
import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.adapters.rest.dto.SessionTurnsResponse;
import dev.pmmemory.adapters.rest.dto.TurnDto;
import dev.pmmemory.adapters.rest.dto.TurnRequest;
import dev.pmmemory.adapters.rest.dto.TurnResponse;
import dev.pmmemory.application.port.in.ReadTurns;
import dev.pmmemory.application.port.in.RecordTurn;
import dev.pmmemory.application.port.in.RecordTurnCommand;
import dev.pmmemory.application.port.in.SessionHistory;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Short-term sessions (rules.md §10): the last turns of a conversation, kept apart from memories.
 *
 * <p>A session belongs to no profile, so a key limited to some profiles (glob other than {@code *})
 * may only write turns naming a {@code profile_id} it covers, and reads only such turns.
 */
@Path("/v1/sessions/{session_id}/turns")
@Tag(name = "sessions", description = "Short-term conversation turns, expiring a TTL after the last write")
public class SessionsResource {
    private final RecordTurn recordTurn;
    private final ReadTurns readTurns;
    private final ApiKeys keys;

    public SessionsResource(RecordTurn recordTurn, ReadTurns readTurns, ApiKeys keys) {
        this.recordTurn = recordTurn;
        this.readTurns = readTurns;
        this.keys = keys;
    }

    @POST
    @RequiresScope(Scope.WRITE)
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "addSessionTurn", summary = "Add one turn to a session",
            description = "Redacts secrets like feedback, appends the turn and renews the whole session: it "
                    + "expires memory.sessions.ttl after this write. A session expired before starts afresh. "
                    + "Turns never become memories by themselves.")
    @APIResponse(responseCode = "201", description = "the turn as stored",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TurnResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.SESSIONS_UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Response add(@PathParam("session_id") String sessionId, TurnRequest body,
                        @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        TurnRequest b = body != null ? body : new TurnRequest(null, null, null);
        RecordTurnCommand command = b.toCommand(sessionId);
        Optional<ApiKey> key = caller(authorization).filter(k -> !k.coversEveryProfile());
        if (key.isPresent() && (command.profileId() == null || !key.get().coversProfile(command.profileId()))) {
            return Problems.response(403, "forbidden", "Forbidden", "key " + key.get().name()
                    + " is limited to some profiles: a turn must name a profile_id it covers", List.of());
        }
        return Response.status(201).entity(TurnResponse.of(recordTurn.record(command))).build();
    }

    @GET
    @RequiresScope(Scope.READ)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getSessionTurns", summary = "Read the last turns of a session",
            description = "The newest `last` turns, oldest first, and when the session expires. An unknown or "
                    + "expired session is 200 with no turns and expires_at null. A key limited to some profiles "
                    + "sees only the turns naming a profile it covers.")
    @APIResponse(responseCode = "200", description = "the last turns, oldest first",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = SessionTurnsResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.SESSIONS_UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public SessionTurnsResponse turns(@PathParam("session_id") String sessionId,
                                      @Parameter(description = "1..200, default 20",
                                              schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "200", defaultValue = "20")) @QueryParam("last") String last,
                                      @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        SessionHistory history = readTurns.read(QueryParameters.turns(sessionId, last));
        Optional<ApiKey> limited = caller(authorization).filter(k -> !k.coversEveryProfile());
        List<TurnDto> turns = history.turns().stream()
                .filter(t -> limited.isEmpty() || (t.profileId() != null && limited.get().coversProfile(t.profileId())))
                .map(TurnDto::of)
                .toList();
        return new SessionTurnsResponse(history.sessionId(), turns, history.expiresAt().orElse(null));
    }

    /** The caller's key; AccessControl has already refused a missing or unknown one when keys are configured. */
    private Optional<ApiKey> caller(String authorization) {
        return keys.enabled() ? keys.fromAuthorizationHeader(authorization) : Optional.empty();
    }
}
