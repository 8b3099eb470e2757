package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.FeedbackResult;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One item's result in a batch: what a single add would have answered, or the problem that refused it. */
@RegisterForReflection
@Schema(name = "FeedbackBatchResult")
public record FeedbackBatchResult(
        @Schema(description = "the status a single add of this item would have answered: 201 created, "
                + "200 deduplicated / replayed / unclassified, 400 refused (see problem)") int status,
        @Schema(nullable = true, description = "null when the item was refused") String rawMessageId,
        @Schema(nullable = true, enumeration = {"created", "deduplicated", "replayed", "pending", "unclassified"},
                description = "null when the item was refused") String outcome,
        @Schema(nullable = true, description = "null when unclassified or refused") MemoryDto memory,
        List<String> superseded,
        List<String> redactions,
        @Schema(nullable = true, description = "why this item was refused, its fields named as items[i].field; "
                + "null when it was applied") Problem problem) {

    public static FeedbackBatchResult applied(FeedbackResult r) {
        FeedbackResponse f = FeedbackResponse.of(r);
        return new FeedbackBatchResult(f.outcome().equals("created") || f.outcome().equals("pending") ? 201 : 200,
                f.rawMessageId(), f.outcome(), f.memory(), f.superseded(), f.redactions(), null);
    }

    public static FeedbackBatchResult refused(Problem problem) {
        return new FeedbackBatchResult(problem.status(), null, null, null, List.of(), List.of(), problem);
    }
}
