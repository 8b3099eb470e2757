package dev.pmmemory.adapters.rest.dto;

import com.fasterxml.jackson.databind.JsonNode;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of POST feedback:batch. Items are read one by one (as JSON trees first), so that an item of
 * the wrong shape fails in its own slot instead of failing the whole batch.
 */
@RegisterForReflection
@Schema(name = "FeedbackBatchRequest")
public record FeedbackBatchRequest(
        @Schema(required = true, minItems = 1, maxItems = 500, type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.ARRAY,
                implementation = FeedbackRequest.class,
                description = "1 to 500 feedback messages of this profile, applied in this order")
        List<JsonNode> items) {
}
