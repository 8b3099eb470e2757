package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.ExperienceResult;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The answer to POST experiences: the experience as stored, and the kinds of secret removed. */
@RegisterForReflection
@Schema(name = "RecordedExperience")
public class RecordedExperienceDto extends ExperienceDto {
    @Schema(description = "kinds of secret replaced by [REDACTED:<kind>] in task, outcome or lesson")
    public final List<String> redactions;

    public RecordedExperienceDto(ExperienceResult r) {
        super(r.experience());
        this.redactions = r.redactions();
    }
}
