package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.ContextResult.RecalledMemory;
import dev.pmmemory.domain.recall.ScoreFactors;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A recalled memory: the memory, its score, the four factors it came from and whether it matches the query. */
@RegisterForReflection
@Schema(name = "ContextItem")
public class ContextItemDto extends MemoryDto {
    public final double score;
    public final Factors factors;
    @Schema(description = "true when the memory matches the query: a shared term, an entity or one of its aliases,"
            + " a lexicon synonym, or (semantic recall on) a cosine above the model's match level; with"
            + " memory.ranking=relevance (default) every matching memory ranks above every other one")
    public final boolean matched;

    public ContextItemDto(RecalledMemory r) {
        super(r.view());
        this.score = r.score();
        this.matched = r.matched();
        ScoreFactors f = r.factors();
        this.factors = new Factors(f.keywordMatch(), f.recencyDecay(), f.typePriority(), f.weightNormalized());
    }

    @RegisterForReflection
    @Schema(name = "ScoreFactors")
    public record Factors(double keywordMatch, double recencyDecay, double typePriority, double weightNormalized) {
    }
}
