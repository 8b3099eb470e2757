package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.JobReport;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@RegisterForReflection
@Schema(name = "JobReport")
public record JobReportResponse(
        @Schema(enumeration = {"sweep", "purge", "compact", "reindex", "derive", "reencrypt"}) String job,
        @Schema(description = "profiles the run worked on") int profiles,
        @Schema(description = "memories expired (sweep); memories and unclassified raw messages removed (purge);"
                + " memories folded into summaries (compact); rows rewritten under the primary key (reencrypt)")
        long changed,
        long durationMs) {

    public static JobReportResponse of(JobReport r) {
        return new JobReportResponse(r.job().wireName(), r.profiles(), r.changed(), r.durationMs());
    }
}
