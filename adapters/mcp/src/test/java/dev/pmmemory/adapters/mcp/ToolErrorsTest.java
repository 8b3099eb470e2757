package dev.pmmemory.adapters.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.StateConflictException;
import dev.pmmemory.application.StoreUnavailableException;
import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToolErrorsTest {
    private static String text(ToolResponse r) {
        return ((TextContent) r.firstContent()).text();
    }

    private static ToolErrors.Failure failure(ToolResponse r) {
        return (ToolErrors.Failure) r.structuredContent();
    }

    @Test
    void invalidInputNamesEveryField_inTheRestProblemsWords() {
        ToolResponse r = ToolErrors.of(new InvalidInputException(List.of(
                new InvalidInputException.FieldError("limit", "must be a whole number from 1 to 50"),
                new InvalidInputException.FieldError("as_of", "must be an ISO-8601 date-time"))));
        assertThat(r.isError()).isTrue();
        assertThat(text(r)).isEqualTo("invalid field(s): limit, as_of. limit: must be a whole number from 1 to 50;"
                + " as_of: must be an ISO-8601 date-time");
        assertThat(failure(r).errors()).extracting(ToolErrors.FieldError::field).containsExactly("limit", "as_of");
        assertThat(failure(r).retryable()).isFalse();
    }

    @Test
    void anUnavailableStoreIsRetryable_andSaysSo() {
        ToolResponse r = ToolErrors.of(new StoreUnavailableException("connection refused",
                new SQLException("Connection to 10.0.0.7:5432 refused")));
        assertThat(r.isError()).isTrue();
        assertThat(failure(r).retryable()).isTrue();
        assertThat(failure(r).error()).isEqualTo("store-unavailable");
        assertThat(text(r)).contains("retryable", "again").doesNotContain("10.0.0.7", "SQLException");
    }

    @Test
    void anUnexpectedFailureLeaksNothing() {
        ToolResponse r = ToolErrors.of(new IllegalStateException("secret detail at dev.pmmemory.Something"));
        assertThat(text(r)).isEqualTo("the service failed; the error is logged");
        assertThat(failure(r).retryable()).isFalse();
    }

    @Test
    void refusalsMissesAndConflictsSayWhichTheyAre() {
        assertThat(text(ToolErrors.of(new ToolRefusal("key k may not touch this profile"))))
                .isEqualTo("forbidden: key k may not touch this profile");
        assertThat(text(ToolErrors.of(new NotFoundException("profile p has no memory m"))))
                .isEqualTo("not found: profile p has no memory m");
        ToolResponse conflict = ToolErrors.of(new StateConflictException("memory m is active", "memory_id"));
        assertThat(text(conflict)).isEqualTo("conflict: memory m is active");
        assertThat(failure(conflict).errors()).extracting(ToolErrors.FieldError::field).containsExactly("memory_id");
    }

    @Test
    void whereMcpHasNoErrorResult_theSameTextTravelsAsAProtocolError() {
        assertThat(ToolErrors.protocolError(new ToolRefusal("key k may not touch this profile")))
                .hasMessage("forbidden: key k may not touch this profile")
                .extracting(e -> e.getJsonRpcErrorCode()).isEqualTo(JsonRpcErrorCodes.SECURITY_ERROR);
        assertThat(ToolErrors.protocolError(new NotFoundException("x")).getJsonRpcErrorCode())
                .isEqualTo(JsonRpcErrorCodes.RESOURCE_NOT_FOUND);
    }
}
