package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.ProfileData;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@RegisterForReflection
@Schema(name = "Import", description = "what an import stored (counts)")
public record ImportResponse(String profileId, int rawMessages, int memories, int auditEvents, int experiences,
                             @Schema(description = "fact versions stored") int facts) {
    public static ImportResponse of(ProfileData d) {
        return new ImportResponse(d.profileId(), d.rawMessages().size(), d.memories().size(), d.auditEvents().size(),
                d.experiences().size(), d.facts().size());
    }
}
