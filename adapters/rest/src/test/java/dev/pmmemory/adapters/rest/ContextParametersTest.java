package dev.pmmemory.adapters.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.InvalidInputException.FieldError;
import dev.pmmemory.application.model.ContextInclude;
import dev.pmmemory.application.port.in.RecallContextQuery;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ContextParametersTest {
    private static final String P = "pm-context";

    private static ContextParameters include(String include) {
        return new ContextParameters("q", null, null, null, null, include);
    }

    @Test
    void absentParametersReadAsTheDefaults() {
        RecallContextQuery q = new ContextParameters(null, null, null, null, null, null).toQuery(P);
        assertThat(q.query()).isEmpty();
        assertThat(q.limit()).isEqualTo(RecallContextQuery.DEFAULT_LIMIT);
        assertThat(q.asOf()).isNull();
        assertThat(q.types()).isEmpty();
        assertThat(q.include()).isEmpty();
    }

    @Test
    void valuesReadAsTyped() {
        RecallContextQuery q = new ContextParameters("OpenAI", " 7 ", "2026-05-09T10:00:00+02:00",
                "project_negative, ,market_info", "OpenAI", null).toQuery(P);
        assertThat(q.limit()).isEqualTo(7);
        assertThat(q.asOf()).isEqualTo(Instant.parse("2026-05-09T08:00:00Z"));
        assertThat(q.types()).containsExactlyInAnyOrder(MemoryType.PROJECT_NEGATIVE, MemoryType.MARKET_INFO);
        assertThat(q.entity()).isEqualTo("OpenAI");
    }

    @Test
    void includeTakesAListAndNamesAnUnknownValue() {
        assertThat(include(" experiences , ").toQuery(P).include()).containsExactly(ContextInclude.EXPERIENCES);
        assertThat(include(null).toQuery(P).include()).isEmpty();
        assertThatThrownBy(() -> include("experiences,facts").toQuery(P))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> {
                    assertThat(e.errors()).extracting(FieldError::field).containsExactly("include");
                    assertThat(e.errors().get(0).message()).contains("'facts'").contains("allowed: experiences");
                });
    }

    @Test
    void everyBadParameterIsNamedAtOnce() {
        assertThatThrownBy(() -> new ContextParameters("q", "abc", "tomorrow", "gossip", null, "facts").toQuery(P))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::field).containsExactly("limit", "as_of", "types", "include"));
    }

    @Test
    void theQueryKeepsItsInvariants() {
        assertThatThrownBy(() -> new ContextParameters("x".repeat(1001), null, null, null, " ", null).toQuery(P))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::field).containsExactlyInAnyOrder("query", "entity"));
    }
}
