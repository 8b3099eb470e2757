package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.problem.Problems;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamWriteException;
import com.fasterxml.jackson.databind.exc.InvalidDefinitionException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.pmmemory.adapters.rest.dto.Problem;
import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.SessionsUnavailableException;
import dev.pmmemory.application.StateConflictException;
import dev.pmmemory.application.StoreUnavailableException;
import dev.pmmemory.application.UnreadableFieldException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Every error leaves as {@code application/problem+json}: invalid input names each bad field, and
 * nothing (a stack trace, a SQL message, the body sent) leaks into a response.
 */
public class ProblemMappers {
    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);

    @ServerExceptionMapper
    public Response invalidInput(InvalidInputException e) {
        List<Problem.FieldError> errors = e.errors().stream()
                .map(err -> new Problem.FieldError(err.field(), err.message()))
                .toList();
        return Response.status(400).type(Problem.MEDIA_TYPE).entity(Problems.invalidInput(errors)).build();
    }

    @ServerExceptionMapper
    public Response notFound(NotFoundException e) {
        return Problems.response(404, "not-found", "Not found", e.getMessage(), List.of());
    }

    @ServerExceptionMapper
    public Response stateConflict(StateConflictException e) {
        List<Problem.FieldError> errors = e.field() == null ? List.of()
                : List.of(new Problem.FieldError(e.field(), e.getMessage()));
        return Problems.response(409, "conflict", "Conflict", e.getMessage(), errors);
    }

    @ServerExceptionMapper
    public Response storeUnavailable(StoreUnavailableException e) {
        LOG.warnf("store unavailable: %s", e.getMessage());
        return Response.fromResponse(Problems.response(503, "store-unavailable", "Store unavailable",
                "the memory store cannot be reached; retry later", List.of())).header("Retry-After", "5").build();
    }

    /** Redis down (memory.sessions.store=redis): only session calls fail; memories keep being served. */
    @ServerExceptionMapper
    public Response sessionsUnavailable(SessionsUnavailableException e) {
        LOG.warnf("session store unavailable: %s", e.getMessage());
        return Response.fromResponse(Problems.response(503, "sessions-unavailable", "Sessions unavailable",
                "the session store cannot be reached; retry later", List.of())).header("Retry-After", "5").build();
    }

    /**
     * A stored value that does not open (altered, moved to another row, or under a key not configured): the
     * store's fault, not the caller's, so 500, but named so an operator can find the row. The detail names the
     * table, column and record, never the content; the reason (which key, what failed) goes to the log only.
     */
    @ServerExceptionMapper
    public Response unreadableStoredValue(UnreadableFieldException e) {
        LOG.errorf("a stored value does not open: %s", e.getMessage());
        return Problems.response(500, "unreadable-stored-value", "Unreadable stored value",
                "the stored value " + e.table() + "." + e.column() + " of record " + e.rowId()
                        + " cannot be opened; the error is logged", List.of());
    }

    /** A value of the wrong JSON type; declared apart so that it wins over the built-in mapper of this type. */
    @ServerExceptionMapper(priority = 1)
    public Response wrongJsonType(MismatchedInputException e) {
        return badJson(e);
    }

    /** Malformed JSON, or a value of the wrong JSON type: 400 naming the field where known. */
    @ServerExceptionMapper(priority = 1)
    public Response badJson(JsonProcessingException e) {
        if (e instanceof StreamWriteException || e instanceof InvalidDefinitionException) {
            return unexpected(e); // writing a response failed: our fault, not the caller's
        }
        String field = e instanceof JsonMappingException jme ? fieldPath(jme) : "";
        if (field.isEmpty()) {
            return Problems.response(400, "invalid-json", "Invalid JSON", "the request body is not valid JSON",
                    List.of(new Problem.FieldError("body", "must be a JSON object")));
        }
        return Problems.response(400, "invalid-input", "Invalid input", "invalid field(s): " + field,
                List.of(new Problem.FieldError(field, "has the wrong JSON type")));
    }

    /** 404 unknown path, 405, 406, 415 and other statuses JAX-RS raises itself. */
    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return badJson(json);
        }
        int status = e.getResponse().getStatus();
        if (status >= 500) {
            LOG.error("request failed", e);
            return internal();
        }
        Response.Status known = Response.Status.fromStatusCode(status);
        String title = known != null ? known.getReasonPhrase() : "Error";
        String slug = title.toLowerCase(java.util.Locale.ROOT).replace(' ', '-');
        String detail = switch (status) {
            case 415 -> "the request body must be application/json";
            case 404 -> "no such resource";
            case 405 -> "method not allowed on this resource";
            case 413 -> "the request body is too large";
            default -> title;
        };
        return Problems.response(status, slug, title, detail, List.of());
    }

    /** A body cut off by the size limit: the HTTP layer has already answered 413. */
    @ServerExceptionMapper
    public Response unreadableBody(java.io.IOException e) {
        LOG.debugf("request body not read: %s", e.getMessage());
        return Problems.response(413, "payload-too-large", "Payload Too Large",
                "the request body could not be read whole",
                List.of());
    }

    @ServerExceptionMapper
    public Response unexpected(Exception e) {
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof UnreadableFieldException unreadable) {
                return unreadableStoredValue(unreadable); // wrapped on its way out (a transaction, a future)
            }
        }
        LOG.error("request failed", e);
        return internal();
    }

    private static Response internal() {
        return Problems.response(500, "internal", "Internal error", "the service failed; the error is logged", List.of());
    }

    private static String fieldPath(JsonMappingException e) {
        return e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
    }
}
