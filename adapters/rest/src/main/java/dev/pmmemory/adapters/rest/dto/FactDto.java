package dev.pmmemory.adapters.rest.dto;

import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.pmmemory.domain.fact.Fact;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One version of a structured fact. */
@RegisterForReflection
@Schema(name = "Fact", description = "one version of a structured fact (ground truth about the PM)")
public record FactDto(
        @Schema(description = "the version's id") String id,
        String profileId,
        @Schema(examples = "focus_stage") String attribute,
        @Schema(implementation = Object.class, // any JSON, not a string: it is written raw
                description = "any JSON value, as stored: object keys sorted, numbers without trailing zeros, "
                + "secrets redacted", examples = "[\"overseas\"]")
        @JsonRawValue String value,
        @Schema(minimum = "0", maximum = "1") double confidence,
        @Schema(enumeration = {"explicit", "inferred", "bot"}) String source,
        @Schema(description = "from when the value holds") Instant validFrom,
        @Schema(nullable = true, description = "until when it held (exclusive); null while it is the current value")
        Instant validUntil,
        @Schema(nullable = true, description = "id of the version this one follows") String supersedes,
        @Schema(description = "when the service stored this version") Instant recordedAt,
        @Schema(description = "who stored it: an API key's name, or local") String recordedBy) {

    public static FactDto of(Fact f) {
        return new FactDto(f.id(), f.profileId(), f.attribute(), f.value(), f.confidence(), f.source().wireName(),
                f.validFrom(), f.validUntil(), f.supersedes(), f.recordedAt(), f.recordedBy());
    }
}
