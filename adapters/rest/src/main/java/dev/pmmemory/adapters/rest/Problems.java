package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.dto.Problem;
import jakarta.ws.rs.core.Response;
import java.util.List;

/** Builds {@code application/problem+json} responses (RFC 9457). */
public final class Problems {
    public static final String TYPE_PREFIX = "urn:pm-memory:problem:";

    private Problems() {
    }

    public static Response response(int status, String slug, String title, String detail,
                                    List<Problem.FieldError> errors) {
        return Response.status(status)
                .type(Problem.MEDIA_TYPE)
                .entity(new Problem(TYPE_PREFIX + slug, title, status, detail, errors))
                .build();
    }
}
