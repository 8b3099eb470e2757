package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.auth.RequiresScope;
import dev.pmmemory.application.access.Scope;
import dev.pmmemory.adapters.rest.dto.JobReportResponse;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.adapters.rest.dto.ReencryptionStatusResponse;
import dev.pmmemory.application.port.in.ReadReencryptionStatus;
import jakarta.ws.rs.GET;
import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.model.Job;
import dev.pmmemory.application.port.in.RunJob;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/v1/admin/jobs")
@RequiresScope(Scope.ADMIN)
@Tag(name = "admin", description = "Operations on the whole store: lifecycle jobs")
public class JobsResource {
    private static final String KNOWN = Arrays.stream(Job.values()).map(Job::wireName).collect(Collectors.joining(", "));

    private static final String RUN = ":run";

    private final RunJob runJob;
    private final ReadReencryptionStatus reencryption;

    public JobsResource(RunJob runJob, ReadReencryptionStatus reencryption) {
        this.runJob = runJob;
        this.reencryption = reencryption;
    }

    @GET
    @Path("/reencrypt")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "reencryptionStatus", summary = "How far the re-encryption job has come",
            description = "Rows per key id over every profile, and how many the job (POST"
                    + " /v1/admin/jobs/reencrypt:run, or its schedule) still has to rewrite under the primary key."
                    + " An older key can be removed from the keyset once it has no rows left.")
    @APIResponse(responseCode = "200", description = "the rows per key",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ReencryptionStatusResponse.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public ReencryptionStatusResponse reencryptionStatus() {
        return ReencryptionStatusResponse.of(reencryption.status());
    }

    @POST
    // The whole segment is the parameter: RESTEasy Reactive never matches "{job}:run" (a literal
    // after a template in one segment; tested), so the ":run" suffix is checked here.
    @Path("/{job_run}")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(operationId = "runJob", summary = "Run a lifecycle job now, over every profile",
            description = "sweep materialises expired; purge removes what retired longer than memory.retention ago,"
                    + " leaving audit tombstones; compact folds more than memory.compact.threshold expired or"
                    + " superseded low-priority memories of one profile and type into one summary memory;"
                    + " reindex extracts the stored memories' entities again with the entity registry as it is"
                    + " (it also runs by itself after every registry change); derive proposes pending long-term"
                    + " preferences (source inferred) from patterns in each profile's memories, each with its"
                    + " rationale and evidence, for the PM to confirm or reject; reencrypt rewrites the values"
                    + " sealed under an older key (or stored plain) under the primary key, in batches; resumable"
                    + " (GET /v1/admin/jobs/reencrypt reports the rows left per key)."
                    + " Idempotent: a second run finds nothing left to do.")
    @APIResponse(responseCode = "200", description = "the run's report",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = JobReportResponse.class)))
    @APIResponse(responseCode = "404", description = "no such job",
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    @APIResponse(responseCode = "503", description = ApiDocs.UNAVAILABLE,
            content = @Content(mediaType = ApiDocs.PROBLEM, schema = @Schema(implementation = Problem.class)))
    public JobReportResponse run(
            @Parameter(description = "sweep:run, purge:run, compact:run, reindex:run, derive:run or reencrypt:run") @PathParam("job_run") String jobRun) {
        if (!jobRun.endsWith(RUN)) {
            throw new NotFoundException("no operation '" + jobRun + "'; use POST /v1/admin/jobs/{job}:run");
        }
        String job = jobRun.substring(0, jobRun.length() - RUN.length());
        Job known = Job.fromWireName(job)
                .orElseThrow(() -> new NotFoundException("no job '" + job + "'; jobs: " + KNOWN));
        return JobReportResponse.of(runJob.run(known));
    }
}
