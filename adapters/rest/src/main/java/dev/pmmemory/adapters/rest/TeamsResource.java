package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.auth.Caller;
import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.adapters.rest.dto.AuditListResponse;
import dev.pmmemory.adapters.rest.dto.MemoryChangeResponse;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.adapters.rest.dto.TeamFeedbackRequest;
import dev.pmmemory.adapters.rest.dto.TeamFeedbackResponse;
import dev.pmmemory.adapters.rest.dto.TeamMemoryListResponse;
import dev.pmmemory.adapters.rest.dto.TeamResponse;
import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.Validation;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.in.AuditQuery;
import dev.pmmemory.application.port.in.ListMemoriesQuery;
import dev.pmmemory.application.port.in.ManageTeams;
import dev.pmmemory.application.port.in.MemoryActionCommand;
import dev.pmmemory.application.port.in.ReadAuditTrail;
import dev.pmmemory.application.port.in.ReadTeamMemories;
import dev.pmmemory.application.port.in.RecordTeamDecision;
import dev.pmmemory.application.port.in.SettlePendingMemory;
import dev.pmmemory.application.port.in.TeamFeedbackResult;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Teams (docs/features.md "Team memory"): membership, decisions made as a team, and the team's memories,
 * read and settled through the same use cases as a profile's, under the team's owner id.
 */
@Path("/v1/teams/{team_id}")
@RequiresScope(Scope.READ)
@Tag(name = "teams", description = "Team memory: what several PMs share, with attribution and consensus")
public class TeamsResource {
    private static final String TEAM_ID = "the team: 1 to 128 characters of A-Z a-z 0-9 _ . : -";
    private static final String ID_PATTERN = "[A-Za-z0-9_.:-]{1,128}";
    private final ManageTeams teams;
    private final RecordTeamDecision decisions;
    private final ReadTeamMemories memories;
    private final SettlePendingMemory settle;
    private final ReadAuditTrail audit;
    private final Caller caller;

    public TeamsResource(ManageTeams teams, RecordTeamDecision decisions, ReadTeamMemories memories,
                         SettlePendingMemory settle, ReadAuditTrail audit, Caller caller) {
        this.teams = teams;
        this.decisions = decisions;
        this.memories = memories;
        this.settle = settle;
        this.audit = audit;
        this.caller = caller;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "getTeam", summary = "A team: its members and how many team memories it holds",
            description = "The members by profile id, the team memories visible now and those proposed and waiting "
                    + "for confirm or reject. 404 when the team has neither members nor memories.")
    @APIResponse(responseCode = "200", description = "the team", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TeamResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "no such team",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public TeamResponse get(@Parameter(description = TEAM_ID, schema = @Schema(type = SchemaType.STRING,
            pattern = ID_PATTERN)) @PathParam("team_id") String teamId) {
        return TeamResponse.of(teams.describe(teamId));
    }

    @PUT
    @Path("/members/{profile_id}")
    @RequiresScope(Scope.ADMIN)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "addTeamMember", summary = "Make a profile a member of a team",
            description = "Idempotent: a member stays a member. The team exists from its first member on. A member's "
                    + "context then holds the team's memories, and its active memories count toward the team's "
                    + "consensus from its next add on (docs/rules.md §12). Audited (team_member_added) when the "
                    + "profile was no member.")
    @APIResponse(responseCode = "200", description = "the team", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TeamResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public TeamResponse addMember(
            @Parameter(description = TEAM_ID, schema = @Schema(type = SchemaType.STRING, pattern = ID_PATTERN))
            @PathParam("team_id") String teamId,
            @Parameter(description = "the profile", schema = @Schema(type = SchemaType.STRING, pattern = ID_PATTERN))
            @PathParam("profile_id") String profileId) {
        return TeamResponse.of(teams.addMember(teamId, profileId, caller.actor()));
    }

    @DELETE
    @Path("/members/{profile_id}")
    @RequiresScope(Scope.ADMIN)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "removeTeamMember", summary = "End a profile's membership of a team",
            description = "The profile's context no longer holds the team's memories, and its memories no longer "
                    + "count toward the team's consensus: it leaves the authors of the team's pending proposals, and "
                    + "a proposal left with fewer members behind it than memory.team.quorum is withdrawn (rejected, "
                    + "audited memory_withdrawn). Team memories already active, and decisions it stated, keep it as "
                    + "author. Audited (team_member_removed).")
    @APIResponse(responseCode = "200", description = "the team", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TeamResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the profile is no member of the team",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public TeamResponse removeMember(
            @Parameter(description = TEAM_ID, schema = @Schema(type = SchemaType.STRING, pattern = ID_PATTERN))
            @PathParam("team_id") String teamId,
            @Parameter(description = "the profile", schema = @Schema(type = SchemaType.STRING, pattern = ID_PATTERN))
            @PathParam("profile_id") String profileId) {
        return TeamResponse.of(teams.removeMember(teamId, profileId, caller.actor()));
    }

    @POST
    @Path("/feedback")
    @RequiresScope(Scope.WRITE)
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "addTeamFeedback", summary = "Record a decision made as a team",
            description = "A team decision (an investment-committee resolution) stated by a member (author): "
                    + "redacted, kept, classified, deduplicated and resolved against the team's earlier decisions "
                    + "by the same rules as a profile's feedback (docs/rules.md §12), so a reversal supersedes the "
                    + "earlier team decision. The author is kept beside the team memory. 201 when a memory was "
                    + "created, 200 otherwise; 400 naming author when the author is no member.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = TeamFeedbackRequest.class),
            examples = @ExampleObject(name = "decision", value = """
                    {"author": "pm-zhang", "message": "投决会决议：Anthropic 可以推进", "source": "explicit"}""")))
    @APIResponse(responseCode = "201", description = "a team memory was created (outcome created or pending)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TeamFeedbackResponse.class)))
    @APIResponse(responseCode = "200", description = "deduplicated, replayed or unclassified",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = TeamFeedbackResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID + " (author no member of the team)",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public Response addFeedback(
            @Parameter(description = TEAM_ID, schema = @Schema(type = SchemaType.STRING, pattern = ID_PATTERN))
            @PathParam("team_id") String teamId, TeamFeedbackRequest body) {
        TeamFeedbackRequest b = body != null ? body : new TeamFeedbackRequest(null, null, null, null, null, null, null);
        TeamFeedbackResult result = decisions.record(b.toCommand(teamId, caller.actor(), caller.agent()));
        FeedbackOutcome outcome = result.feedback().outcome();
        boolean created = outcome == FeedbackOutcome.CREATED || outcome == FeedbackOutcome.PENDING;
        return Response.status(created ? 201 : 200).entity(TeamFeedbackResponse.of(teamId, result)).build();
    }

    @GET
    @Path("/memories")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listTeamMemories", summary = "List a team's memories, newest first, cursor-paged",
            description = "The team's decisions and the proposals made by consensus (status=pending: those waiting "
                    + "for confirm or reject), each with the members behind it, as listMemories lists a profile's.")
    @APIResponse(responseCode = "200", description = "one page", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TeamMemoryListResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public TeamMemoryListResponse list(
            @Parameter(description = TEAM_ID, schema = @Schema(type = SchemaType.STRING, pattern = ID_PATTERN))
            @PathParam("team_id") String teamId,
            @Parameter(description = "active, expired, superseded, pending, rejected or deleted",
                    schema = @Schema(type = SchemaType.STRING, enumeration = {"active", "expired", "superseded",
                            "pending", "rejected", "deleted"}))
            @QueryParam("status") String status,
            @Parameter(description = "a memory type", schema = @Schema(implementation = ApiDocs.MemoryTypeName.class))
            @QueryParam("type") String type,
            @Parameter(description = "an entity name or any of its aliases",
                    schema = @Schema(type = SchemaType.STRING, maxLength = 200)) @QueryParam("entity") String entity,
            @Parameter(description = "1..200, default 20", schema = @Schema(type = SchemaType.INTEGER, minimum = "1",
                    maximum = "200", defaultValue = "20")) @QueryParam("limit") String limit,
            @Parameter(description = "next_cursor of the previous page", schema = @Schema(type = SchemaType.STRING))
            @QueryParam("cursor") String cursor) {
        checkTeam(teamId);
        return TeamMemoryListResponse.of(memories.list(teamId,
                new MemoryListParameters(status, type, entity, limit, cursor, null).forTeam(teamId)));
    }

    @POST
    @Path("/memories/{memory_id}/confirm") // POST …/{id}:confirm, routed here by CustomMethods
    @RequiresScope(Scope.WRITE)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "confirmTeamMemory", summary = "Confirm a team memory proposed by consensus",
            description = "The pending team memory becomes active from now and supersedes the team's opposite "
                    + "decisions (docs/rules.md §4 and §12), as confirmMemory does for a profile. Audited.")
    @APIResponse(responseCode = "200", description = "the confirmed team memory and what it superseded",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = MemoryChangeResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the team has no such memory",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "the memory is not pending",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public MemoryChangeResponse confirm(
            @Parameter(description = TEAM_ID, schema = @Schema(type = SchemaType.STRING, pattern = ID_PATTERN))
            @PathParam("team_id") String teamId,
            @Parameter(description = "the team memory", schema = @Schema(type = SchemaType.STRING))
            @PathParam("memory_id") String memoryId) {
        checkTeam(teamId);
        return MemoryChangeResponse.of(settle.confirm(new MemoryActionCommand(TeamOwner.of(teamId), memoryId,
                caller.actor(), caller.agent())));
    }

    @POST
    @Path("/memories/{memory_id}/reject") // POST …/{id}:reject, routed here by CustomMethods
    @RequiresScope(Scope.WRITE)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "rejectTeamMemory", summary = "Reject a team memory proposed by consensus",
            description = "The pending team memory becomes rejected; the team's decisions stay as they are. The "
                    + "members' own memories are untouched. Audited.")
    @APIResponse(responseCode = "200", description = "the rejected team memory",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = MemoryChangeResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the team has no such memory",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "the memory is not pending",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public MemoryChangeResponse reject(
            @Parameter(description = TEAM_ID, schema = @Schema(type = SchemaType.STRING, pattern = ID_PATTERN))
            @PathParam("team_id") String teamId,
            @Parameter(description = "the team memory", schema = @Schema(type = SchemaType.STRING))
            @PathParam("memory_id") String memoryId) {
        checkTeam(teamId);
        return MemoryChangeResponse.of(settle.reject(new MemoryActionCommand(TeamOwner.of(teamId), memoryId,
                caller.actor(), caller.agent())));
    }

    @GET
    @Path("/audit")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "listTeamAuditEvents", summary = "The team's audit events, newest first",
            description = "The team's own trail, cursor-paged as listAuditEvents pages a profile's: membership "
                    + "(team_member_added, team_member_removed), team decisions, proposals by consensus "
                    + "(memory_pending), their confirm, reject and withdrawal, and every other change of a team "
                    + "memory. No member's personal events: those stay in the member's own trail. An admin key or a "
                    + "key scoped to this team.")
    @APIResponse(responseCode = "200", description = "one page",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = AuditListResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "no such team, or the team has no such memory",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public AuditListResponse auditTrail(
            @Parameter(description = TEAM_ID, schema = @Schema(type = SchemaType.STRING, pattern = ID_PATTERN))
            @PathParam("team_id") String teamId,
            @Parameter(description = "1..200, default 50", schema = @Schema(type = SchemaType.INTEGER, minimum = "1",
                    maximum = "200", defaultValue = "50")) @QueryParam("limit") String limit,
            @Parameter(description = "next_cursor of the previous page") @QueryParam("cursor") String cursor,
            @Parameter(description = "only the events of this team memory") @QueryParam("memory_id") String memoryId) {
        checkTeam(teamId);
        // the wire form is validated as a profile's trail, then read under the team's owner id
        AuditQuery wire = QueryParameters.audit("team", memoryId, limit, cursor);
        return AuditListResponse.of(audit.read(new AuditQuery(TeamOwner.of(teamId), wire.memoryId(), wire.limit(),
                wire.afterEventId())));
    }

    private static void checkTeam(String teamId) {
        Validation v = new Validation();
        v.teamId("team_id", teamId);
        v.check();
    }
}
