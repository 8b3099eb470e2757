package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.MemoryPage;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@RegisterForReflection
@Schema(name = "MemoryList")
public record MemoryListResponse(List<MemoryDto> items,
                                 @Schema(nullable = true, description = "pass as cursor for the next page; null on the last")
                                 String nextCursor) {

    public static MemoryListResponse of(MemoryPage page) {
        return new MemoryListResponse(page.items().stream().map(MemoryDto::new).toList(), page.nextCursor());
    }
}
