package dev.pmmemory.adapters.rest.problem;

import dev.pmmemory.adapters.rest.dto.Problem;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.stream.Collectors;

/** Builds {@code application/problem+json} responses (RFC 9457). */
public final class Problems {
    public static final String TYPE_PREFIX = "urn:pm-memory:problem:";

    private Problems() {
    }

    /** The 400 problem naming every invalid field (a request's, or one batch item's with its prefix). */
    public static Problem invalidInput(List<Problem.FieldError> errors) {
        String fields = errors.stream().map(Problem.FieldError::field).distinct().collect(Collectors.joining(", "));
        return new Problem(TYPE_PREFIX + "invalid-input", "Invalid input", 400, "invalid field(s): " + fields, errors);
    }

    public static Response response(int status, String slug, String title, String detail,
                                    List<Problem.FieldError> errors) {
        return Response.status(status)
                .type(Problem.MEDIA_TYPE)
                .entity(new Problem(TYPE_PREFIX + slug, title, status, detail, errors))
                .build();
    }
}
