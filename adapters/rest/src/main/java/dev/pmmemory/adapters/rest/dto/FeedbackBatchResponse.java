package dev.pmmemory.adapters.rest.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@RegisterForReflection
@Schema(name = "FeedbackBatchResponse")
public record FeedbackBatchResponse(
        @Schema(description = "one result per item, in the order of the items") List<FeedbackBatchResult> results) {
}
