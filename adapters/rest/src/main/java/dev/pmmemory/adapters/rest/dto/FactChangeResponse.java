package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.RecordedFact;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What a PUT of a fact did. */
@RegisterForReflection
@Schema(name = "FactChange")
public record FactChangeResponse(
        @Schema(description = "the new version, or the current one when the value was the same") FactDto fact,
        @Schema(description = "false when the value was the current one already: nothing was stored") boolean created,
        @Schema(nullable = true, description = "the previous version, closed by this one (valid_until = the new "
                + "valid_from); null when there was no open version") FactDto closed,
        @Schema(description = "kinds of secret replaced in the value") List<String> redactions) {

    public static FactChangeResponse of(RecordedFact r) {
        return new FactChangeResponse(FactDto.of(r.fact()), r.created(), r.closed().map(FactDto::of).orElse(null),
                r.redactions());
    }
}
