package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.domain.fact.Fact;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The facts valid at an instant. */
@RegisterForReflection
@Schema(name = "FactList")
public record FactListResponse(String profileId,
                               @Schema(description = "the instant the facts are valid at") Instant asOf,
                               @Schema(description = "one version per attribute, by attribute") List<FactDto> items) {

    public static FactListResponse of(String profileId, Instant asOf, List<Fact> facts) {
        return new FactListResponse(profileId, asOf, facts.stream().map(FactDto::of).toList());
    }
}
