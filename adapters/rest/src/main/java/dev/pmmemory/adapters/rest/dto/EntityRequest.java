package dev.pmmemory.adapters.rest.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of PUT /v1/entities/{name}, as documented. The resource reads the body as a plain JSON
 * object instead, so that an unknown field or a wrong type is named.
 */
@RegisterForReflection
@Schema(name = "EntityRequest", description = "any other field is a 400", additionalProperties = Schema.False.class)
public record EntityRequest(
        @Schema(description = "the other names (any language, any case), each 1 to 100 characters on one line; at "
                + "most 32; a name that another entity holds is a 409. Omitted: none", maxItems = 32,
                examples = "[\"DeepSeek\"]") List<String> aliases,
        @Schema(enumeration = {"company", "fund", "project", "product", "person", "other"}, defaultValue = "company")
        String kind) {
}
