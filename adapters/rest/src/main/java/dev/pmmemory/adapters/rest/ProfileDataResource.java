package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.auth.Caller;
import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.adapters.rest.dto.ErasureResponse;
import dev.pmmemory.adapters.rest.dto.ImportResponse;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.adapters.rest.dto.ProfileExportDocument;
import dev.pmmemory.application.port.in.EraseProfile;
import dev.pmmemory.application.port.in.ExportProfile;
import dev.pmmemory.application.port.in.ImportProfile;
import dev.pmmemory.application.port.in.ImportProfileCommand;
import dev.pmmemory.adapters.rest.profiledata.ImportDocument;
import dev.pmmemory.adapters.rest.profiledata.ImportDocumentReader;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Data rights (api.md "Profile data rights"): export, erase, import. Admin scope: they act on a whole profile. */
@Path("/v1/profiles/{profile_id}")
@RequiresScope(Scope.ADMIN)
@Tag(name = "data-rights", description = "A profile's data as one document: export, physical erase, import")
public class ProfileDataResource {
    private final ExportProfile exportProfile;
    private final EraseProfile eraseProfile;
    private final ImportProfile importProfile;
    private final Caller caller;

    public ProfileDataResource(ExportProfile exportProfile, EraseProfile eraseProfile, ImportProfile importProfile,
                               Caller caller) {
        this.exportProfile = exportProfile;
        this.eraseProfile = eraseProfile;
        this.importProfile = importProfile;
        this.caller = caller;
    }

    @GET
    @Path("/export")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "exportProfile", summary = "Everything held for a profile, as one JSON document",
            description = "Raw messages, memories of every status (with supersession links and per-entity "
                    + "supersessions), the audit trail, experiences and every version of every structured fact, "
                    + "read in one snapshot; format_version 1 "
                    + "(docs/api.md \"Export document\"). Vectors are not exported (recomputed after an import).")
    @APIResponse(responseCode = "200", description = "the export document",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ProfileExportDocument.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the store holds nothing for this profile",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public ProfileExportDocument export(@PathParam("profile_id") String profileId) {
        return ProfileExportDocument.of(exportProfile.export(profileId));
    }

    @DELETE
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "eraseProfile", summary = "Erase a profile: its data is physically removed",
            description = "Deletes the raw messages, memories (with their keyword and entity index rows and "
                    + "vectors), experiences and structured facts (every version), and empties every audit event "
                    + "of its content; the audit keeps content-free tombstones (ids, kinds, actors, times) plus "
                    + "one profile_erased event. On SQLite the bytes are zeroed and the WAL truncated; on PostgreSQL the rows are deleted and VACUUM "
                    + "reclaims their space (docs/rules.md \"Data rights\"). Session turns are not profile data "
                    + "(they expire with their TTL).")
    @APIResponse(responseCode = "200", description = "what was removed",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ErasureResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "404", description = "the profile holds nothing to erase",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public ErasureResponse erase(@PathParam("profile_id") String profileId) {
        return ErasureResponse.of(eraseProfile.erase(profileId, caller.actor()));
    }

    @POST
    @Path("/import")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "importProfile", summary = "Load an export document back into an empty profile",
            description = "All of it in one transaction, or nothing. The document's profile_id must be the path's. "
                    + "A profile that holds raw messages, memories, experiences or facts is a 409; an erased "
                    + "profile (only tombstones) is empty, and its tombstones get their content back. Vectors are "
                    + "recomputed by the backfill when semantic recall is on.")
    @RequestBody(required = true, content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = ProfileExportDocument.class)))
    @APIResponse(responseCode = "200", description = "what was stored",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ImportResponse.class)))
    @APIResponse(responseCode = "400", description = ApiDocs.INVALID + " (another format_version, a malformed "
            + "document, a profile_id other than the path's, an id repeated in the document, a raw message's "
            + "memory_id that is no memory of the document); nothing is stored",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "409", description = "the profile already holds data, or an id of the document "
            + "is held by a record of another profile (ids are unique across the store; the problem's errors name "
            + "the first such field, e.g. memories[3].id); nothing is stored",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "413", description = "body larger than memory.http.max-import-size",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "415", description = "body is not application/json",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public ImportResponse importDocument(@PathParam("profile_id") String profileId, ImportDocument body) {
        return ImportResponse.of(importProfile.load(new ImportProfileCommand(profileId,
                ImportDocumentReader.read(profileId, body), caller.actor())));
    }
}
