package dev.pmmemory.adapters.rest.dto;

import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** RFC 9457 problem details; {@code errors} names every invalid field. */
@RegisterForReflection
@Schema(name = "Problem")
public record Problem(String type, String title, int status, String detail, List<FieldError> errors) {

    public static final String MEDIA_TYPE = "application/problem+json";

    public Problem {
        errors = List.copyOf(errors);
    }

    @RegisterForReflection
    @Schema(name = "FieldError")
    public record FieldError(String field, String message) {
    }
}
