package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.FeedbackResult;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@RegisterForReflection
@Schema(name = "FeedbackResponse")
public record FeedbackResponse(
        String rawMessageId,
        @Schema(enumeration = {"created", "deduplicated", "replayed", "pending", "unclassified"}) String outcome,
        @Schema(nullable = true, description = "null when unclassified") MemoryDto memory,
        List<String> superseded,
        List<String> redactions) {

    public static FeedbackResponse of(FeedbackResult r) {
        return new FeedbackResponse(r.rawMessageId(), r.outcome().wireName(), r.memory().map(MemoryDto::new).orElse(null),
                r.superseded(), r.redactions());
    }
}
