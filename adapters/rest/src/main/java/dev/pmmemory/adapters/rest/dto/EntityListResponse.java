package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.EntityPage;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One page of the registry, by canonical name (case-folded, byte order). */
@RegisterForReflection
@Schema(name = "EntityList")
public record EntityListResponse(List<EntityDto> items,
                                 @Schema(nullable = true, description = "pass as cursor for the next page; null on the last")
                                 String nextCursor) {

    public static EntityListResponse of(EntityPage page) {
        return new EntityListResponse(page.items().stream().map(EntityDto::of).toList(), page.nextCursor());
    }
}
