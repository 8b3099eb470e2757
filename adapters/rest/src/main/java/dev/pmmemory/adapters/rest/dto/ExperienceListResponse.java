package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.domain.experience.Experience;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@RegisterForReflection
@Schema(name = "ExperienceList")
public record ExperienceListResponse(@Schema(description = "newest first") List<ExperienceDto> items) {

    public static ExperienceListResponse of(List<Experience> experiences) {
        return new ExperienceListResponse(experiences.stream().map(ExperienceDto::new).toList());
    }
}
