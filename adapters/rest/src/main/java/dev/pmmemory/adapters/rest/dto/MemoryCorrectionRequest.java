package dev.pmmemory.adapters.rest.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of PATCH …/memories/{id}, as documented. The resource reads the body as a plain JSON
 * object instead, so that an unknown field and "expires_at": null (no expiry) can be told apart
 * from an absent one.
 */
@RegisterForReflection
@Schema(name = "MemoryCorrection", description = "at least one field; any other field is a 400",
        additionalProperties = Schema.False.class)
public record MemoryCorrectionRequest(
        @Schema(maxLength = 4000, description = "new text; secrets are redacted, entities and keywords re-extracted",
                examples = "OpenAI 估值偏高") String content,
        @Schema(enumeration = {"long_term_preference", "project_negative", "project_advance", "project_positive",
                "market_info", "temp_status"}, description = "new type; without expires_at, its TTL restarts "
                + "from last_seen_at") String type,
        @Schema(nullable = true, description = "ISO-8601 with offset; null: never expires",
                examples = "2026-07-01T00:00:00Z") String expiresAt) {
}
