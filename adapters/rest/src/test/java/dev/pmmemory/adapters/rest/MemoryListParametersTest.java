package dev.pmmemory.adapters.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.InvalidInputException.FieldError;
import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.port.in.ListMemoriesQuery;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class MemoryListParametersTest {

    @Test
    void absentParametersReadAsTheDefaults() {
        ListMemoriesQuery q = new MemoryListParameters(null, "", null, null, null, null).forProfile("pm-1");
        assertThat(q.status()).isNull();
        assertThat(q.type()).isNull();
        assertThat(q.limit()).isEqualTo(ListMemoriesQuery.DEFAULT_LIMIT);
        assertThat(q.after()).isNull();
        assertThat(q.asOf()).isNull();
    }

    @Test
    void valuesReadAsTyped() {
        ListMemoriesQuery q = new MemoryListParameters("pending", "project_negative", "OpenAI", "5", null,
                "2026-06-01T00:00:00Z").forProfile("pm-1");
        assertThat(q.status()).isEqualTo(MemoryStatus.PENDING);
        assertThat(q.type()).isEqualTo(MemoryType.PROJECT_NEGATIVE);
        assertThat(q.entity()).isEqualTo("OpenAI");
        assertThat(q.limit()).isEqualTo(5);
        assertThat(q.asOf()).isEqualTo(Instant.parse("2026-06-01T00:00:00Z"));
    }

    @Test
    void everyBadParameterIsNamedAtOnce() {
        MemoryListParameters bad = new MemoryListParameters("alive", "rumour", " ", "0", "not-a-cursor", "June");
        assertThatThrownBy(() -> bad.forProfile("pm-1"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::field)
                        .containsExactlyInAnyOrder("status", "type", "entity", "limit", "cursor", "as_of"));
    }

    @Test
    void aTeamListIsReadUnderTheTeamsOwnerId() {
        ListMemoriesQuery q = new MemoryListParameters("active", null, null, null, null, null).forTeam("ic");
        assertThat(q.profileId()).isEqualTo(TeamOwner.of("ic"));
    }
}
