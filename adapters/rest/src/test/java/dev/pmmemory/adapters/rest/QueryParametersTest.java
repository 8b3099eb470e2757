package dev.pmmemory.adapters.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.InvalidInputException.FieldError;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.in.AuditQuery;
import dev.pmmemory.application.port.in.ListExperiencesQuery;
import dev.pmmemory.application.port.in.MessagesQuery;
import java.time.Instant;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class QueryParametersTest {
    private static final String P = "pm-query";

    private static List<String> badFields(ThrowingCallable call) {
        List<String> fields = new java.util.ArrayList<>();
        assertThatThrownBy(call).isInstanceOfSatisfying(InvalidInputException.class,
                e -> e.errors().stream().map(FieldError::field).forEach(fields::add));
        return fields;
    }

    @Test
    void messagesFilterByAStoredOutcomeOnly() {
        assertThat(QueryParameters.messages(P, "unclassified", null, null).outcome())
                .isEqualTo(FeedbackOutcome.UNCLASSIFIED);
        assertThat(QueryParameters.messages(P, " ", null, null).outcome()).isNull();
        assertThat(QueryParameters.messages(P, null, null, null).limit()).isEqualTo(MessagesQuery.DEFAULT_LIMIT);
        assertThat(badFields(() -> QueryParameters.messages(P, "replayed", "0", "nope")))
                .as("replayed is an answer, never stored").containsExactlyInAnyOrder("outcome", "limit", "cursor");
    }

    @Test
    void anAuditCursorReadsBackTheEventItWasMadeFrom() {
        AuditQuery q = QueryParameters.audit(P, null, "2", AuditQuery.cursorAfter("ev-9"));
        assertThat(q.afterEventId()).isEqualTo("ev-9");
        assertThat(q.limit()).isEqualTo(2);
        assertThat(QueryParameters.audit(P, "", null, "").memoryId()).isNull();
        assertThat(badFields(() -> QueryParameters.registryAudit(null, "0", "nope")))
                .containsExactly("limit", "cursor");
        assertThat(QueryParameters.registryAudit("Galaxea", null, null).limit()).isEqualTo(AuditQuery.DEFAULT_LIMIT);
    }

    @Test
    void turnsDefaultToTwentyAndStayWithinOneToTwoHundred() {
        assertThat(QueryParameters.turns("s-1", null).last()).isEqualTo(20);
        assertThat(QueryParameters.turns("s-1", "200").last()).isEqualTo(200);
        for (String bad : List.of("0", "201", "-1", "abc", "1.5")) {
            assertThat(badFields(() -> QueryParameters.turns("s-1", bad))).as(bad).containsExactly("last");
        }
    }

    @Test
    void experiencesAndFactsNameTheirBadParameters() {
        assertThat(QueryParameters.experiences(P, null).limit()).isEqualTo(ListExperiencesQuery.DEFAULT_LIMIT);
        assertThat(badFields(() -> QueryParameters.experiences(P, "0"))).containsExactly("limit");
        assertThat(QueryParameters.facts(P, null, "2026-06-01T08:00:00+08:00").asOf())
                .isEqualTo(Instant.parse("2026-06-01T00:00:00Z"));
        assertThat(badFields(() -> QueryParameters.facts(P, "Focus-Stage", "not a time")))
                .containsExactlyInAnyOrder("attribute", "as_of");
        assertThat(badFields(() -> QueryParameters.memory(P, "m-1", "yesterday"))).containsExactly("as_of");
    }
}
