package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.domain.recall.ScoreFactors;
import dev.pmmemory.domain.recall.ScoredExperience;
import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A recalled experience: the experience, its score and the four factors it came from. */
@RegisterForReflection
@Schema(name = "ContextExperience")
public class ContextExperienceDto extends ExperienceDto {
    public final double score;
    public final Factors factors;

    public ContextExperienceDto(ScoredExperience s) {
        super(s.experience());
        this.score = s.score();
        ScoreFactors f = s.factors();
        // the domain scores an experience's importance where a memory's type_priority goes
        this.factors = new Factors(f.keywordMatch(), f.recencyDecay(), f.typePriority(), f.weightNormalized());
    }

    @RegisterForReflection
    @Schema(name = "ExperienceScoreFactors",
            description = "score = 0.4·keyword_match + 0.2·recency_decay + 0.3·importance + 0.1·weight_normalized")
    public record Factors(double keywordMatch, double recencyDecay, double importance, double weightNormalized) {
    }
}
