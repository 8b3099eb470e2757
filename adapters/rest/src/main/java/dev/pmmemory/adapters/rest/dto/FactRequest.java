package dev.pmmemory.adapters.rest.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of PUT …/facts/{attribute}, as documented. The resource reads the body as a plain JSON
 * object instead, so that an unknown field is named and the value may be any JSON.
 */
@RegisterForReflection
@Schema(name = "FactRequest", description = "any other field is a 400", additionalProperties = Schema.False.class)
public record FactRequest(
        @Schema(required = true, description = "any JSON value but null, a blank string, [] or {}; strings at "
                + "most 1000 characters, no control characters; at most 4000 characters as JSON",
                examples = "[\"overseas\"]") Object value,
        @Schema(minimum = "0", maximum = "1", description = "default: the source's (explicit 1.0, inferred 0.5, "
                + "bot 0.3)") Double confidence,
        @Schema(enumeration = {"explicit", "inferred", "bot"}, defaultValue = "explicit") String source,
        @Schema(description = "ISO-8601 with offset; default now. Must be after the current version's valid_from "
                + "(and not before the latest version's valid_until), else 409", format = "date-time",
                examples = "2026-05-09T10:00:00Z")
        String validFrom) {
}
