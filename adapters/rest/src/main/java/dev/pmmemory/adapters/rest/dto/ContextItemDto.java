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
    @Schema(enumeration = {"personal", "team"}, description = "personal: the profile's own memory; team: a memory of "
            + "one of its teams (a team decision, or a view several members hold), with team_id and authors")
    public final String scope;
    @Schema(nullable = true, description = "the team whose memory it is; null for a personal memory")
    public final String teamId;
    @Schema(description = "the members behind a team memory, by profile id; empty for a personal memory")
    public final java.util.List<String> authors;

    public ContextItemDto(RecalledMemory r) {
        super(r.view());
        this.scope = r.team().isPresent() ? "team" : "personal";
        this.teamId = r.team().map(dev.pmmemory.application.port.in.TeamShare::teamId).orElse(null);
        this.authors = r.team().map(dev.pmmemory.application.port.in.TeamShare::authors).orElse(java.util.List.of());
        this.score = r.score();
        this.matched = r.matched();
        ScoreFactors f = r.factors();
        this.factors = new Factors(f.keywordMatch(), f.recencyDecay(), f.typePriority(), f.weightNormalized(), f.use());
    }

    @RegisterForReflection
    @Schema(name = "ScoreFactors")
    public record Factors(double keywordMatch, double recencyDecay, double typePriority, double weightNormalized,
                          @Schema(description = "the optional fifth factor, in [0, 1]: recalls, capped and halving per"
                                  + " half-life since the last; 0 unless use is scored (docs/rules.md \"Use in the score\")")
                          double use) {
    }
}
