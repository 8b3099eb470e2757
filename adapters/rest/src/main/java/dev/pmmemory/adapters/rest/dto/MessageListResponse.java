package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.adapters.rest.dto.MemoryDetailResponse.RawMessageDto;
import dev.pmmemory.application.port.in.MessagePage;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@RegisterForReflection
@Schema(name = "MessageList")
public record MessageListResponse(List<RawMessageDto> items,
                                  @Schema(nullable = true, description = "pass as cursor for the next page; null on the last")
                                  String nextCursor) {

    public static MessageListResponse of(MessagePage page) {
        return new MessageListResponse(page.items().stream().map(RawMessageDto::of).toList(), page.nextCursor());
    }
}
