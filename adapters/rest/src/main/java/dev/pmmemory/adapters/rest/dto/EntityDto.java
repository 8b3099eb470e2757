package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.domain.registry.RegisteredEntity;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One entity of the registry. */
@RegisterForReflection
@Schema(name = "Entity")
public record EntityDto(
        @Schema(description = "the canonical name: every alias resolves to it", examples = "深度求索") String name,
        @Schema(description = "the other names, any language, in the order given", examples = "[\"DeepSeek\"]")
        List<String> aliases,
        @Schema(enumeration = {"company", "fund", "project", "product", "person", "other"}) String kind,
        @Schema(description = "when this version was written") Instant updatedAt) {

    public static EntityDto of(RegisteredEntity e) {
        return new EntityDto(e.name(), e.aliases(), e.kind().wireName(), e.updatedAt());
    }
}
