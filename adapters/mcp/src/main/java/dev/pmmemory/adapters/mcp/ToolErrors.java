package dev.pmmemory.adapters.mcp;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.StateConflictException;
import dev.pmmemory.application.StoreUnavailableException;
import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.McpException;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * A failed call as a tool error (isError true): the REST problem's words in the text an agent reads, and
 * the same as structured content (error, detail, errors by field, retryable). Never a stack trace.
 */
final class ToolErrors {
    private static final Logger LOG = Logger.getLogger(ToolErrors.class);
    /** How long a caller should wait before retrying after the store was unavailable (REST's Retry-After). */
    static final int RETRY_AFTER_SECONDS = 5;

    private ToolErrors() {
    }

    /** One invalid argument, named as in the tool's input schema (snake_case, as on REST). */
    @RegisterForReflection
    record FieldError(String field, String message) {
    }

    /** The structured content of a failed call. */
    @RegisterForReflection
    record Failure(String error, String detail, List<FieldError> errors, boolean retryable) {
    }

    static ToolResponse of(RuntimeException e) {
        if (e instanceof InvalidInputException invalid) {
            List<FieldError> errors = invalid.errors().stream()
                    .map(f -> new FieldError(f.field(), f.message())).toList();
            String fields = errors.stream().map(FieldError::field).distinct().collect(Collectors.joining(", "));
            String each = errors.stream().map(f -> f.field() + ": " + f.message()).collect(Collectors.joining("; "));
            return failure(new Failure("invalid-input", "invalid field(s): " + fields, errors, false),
                    "invalid field(s): " + fields + ". " + each);
        }
        if (e instanceof ToolRefusal refusal) {
            return failure(new Failure("forbidden", refusal.getMessage(), List.of(), false),
                    "forbidden: " + refusal.getMessage());
        }
        if (e instanceof NotFoundException notFound) {
            return failure(new Failure("not-found", notFound.getMessage(), List.of(), false),
                    "not found: " + notFound.getMessage());
        }
        if (e instanceof StateConflictException conflict) {
            List<FieldError> errors = conflict.field() == null ? List.of()
                    : List.of(new FieldError(conflict.field(), conflict.getMessage()));
            return failure(new Failure("conflict", conflict.getMessage(), errors, false),
                    "conflict: " + conflict.getMessage());
        }
        if (e instanceof StoreUnavailableException) {
            LOG.warnf("store unavailable: %s", e.getMessage());
            return failure(new Failure("store-unavailable", "the memory store cannot be reached; retry later",
                            List.of(), true),
                    "store unavailable: the memory store cannot be reached right now. This is temporary and "
                            + "retryable: call the tool again with the same arguments in about " + RETRY_AFTER_SECONDS
                            + " seconds.");
        }
        LOG.error("tool call failed", e);
        return failure(new Failure("internal", "the service failed; the error is logged", List.of(), false),
                "the service failed; the error is logged");
    }

    /**
     * The same failure where MCP has no error result (a resource read): a JSON-RPC error whose message is the
     * tool error's text, with the code MCP gives an unknown resource, a refusal or bad parameters.
     */
    static McpException protocolError(RuntimeException e) {
        ToolResponse response = of(e);
        Failure failure = (Failure) response.structuredContent();
        int code = switch (failure.error()) {
            case "not-found" -> JsonRpcErrorCodes.RESOURCE_NOT_FOUND;
            case "forbidden" -> JsonRpcErrorCodes.SECURITY_ERROR;
            case "invalid-input" -> JsonRpcErrorCodes.INVALID_PARAMS;
            default -> JsonRpcErrorCodes.INTERNAL_ERROR;
        };
        return new McpException(((TextContent) response.firstContent()).text(), code);
    }

    private static ToolResponse failure(Failure failure, String text) {
        return new ToolResponse(true, List.of(new TextContent(text)), failure, null);
    }
}
