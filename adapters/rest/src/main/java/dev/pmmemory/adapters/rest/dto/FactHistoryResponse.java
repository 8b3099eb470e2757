package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.domain.fact.Fact;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Every version of one attribute. */
@RegisterForReflection
@Schema(name = "FactHistory")
public record FactHistoryResponse(String profileId, String attribute,
                                  @Schema(description = "oldest first") List<FactDto> versions) {

    public static FactHistoryResponse of(String profileId, String attribute, List<Fact> versions) {
        return new FactHistoryResponse(profileId, attribute, versions.stream().map(FactDto::of).toList());
    }
}
