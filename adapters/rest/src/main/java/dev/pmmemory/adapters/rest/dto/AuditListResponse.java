package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.adapters.rest.dto.MemoryDetailResponse.AuditEventDto;
import dev.pmmemory.application.port.in.AuditPage;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@RegisterForReflection
@Schema(name = "AuditList")
public record AuditListResponse(List<AuditEventDto> items,
                                @Schema(nullable = true, description = "pass as cursor for the next page; null on the last")
                                String nextCursor) {

    public static AuditListResponse of(AuditPage page) {
        return new AuditListResponse(page.items().stream().map(AuditEventDto::of).toList(), page.nextCursor());
    }
}
