package dev.pmmemory.adapters.rest.dto;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.pmmemory.application.port.in.ContextResult;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@RegisterForReflection
@Schema(name = "ContextResponse")
public record ContextResponse(String profileId, String query, Instant asOf, List<ContextItemDto> items,
                              // absent, not null, without include=experiences: the response stays as it was
                              @JsonInclude(JsonInclude.Include.NON_NULL)
                              @Schema(description = "only with include=experiences: the relevant experiences, best "
                                      + "first, at most limit") List<ContextExperienceDto> experiences,
                              @Schema(description = "ready to paste into the bot's prompt") String promptBlock) {

    public static ContextResponse of(ContextResult r) {
        return new ContextResponse(r.profileId(), r.query(), r.asOf(),
                r.items().stream().map(ContextItemDto::new).toList(),
                r.experiences().map(list -> list.stream().map(ContextExperienceDto::new).toList()).orElse(null),
                r.promptBlock());
    }
}
