package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.ContextResult.RecalledMemory;
import dev.pmmemory.domain.recall.ScoreFactors;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A recalled memory: the memory, its score and the four factors it came from. */
@RegisterForReflection
@Schema(name = "ContextItem")
public class ContextItemDto extends MemoryDto {
    public final double score;
    public final Factors factors;

    public ContextItemDto(RecalledMemory r) {
        super(r.view());
        this.score = r.score();
        ScoreFactors f = r.factors();
        this.factors = new Factors(f.keywordMatch(), f.recencyDecay(), f.typePriority(), f.weightNormalized());
    }

    @RegisterForReflection
    @Schema(name = "ScoreFactors")
    public record Factors(double keywordMatch, double recencyDecay, double typePriority, double weightNormalized) {
    }
}
