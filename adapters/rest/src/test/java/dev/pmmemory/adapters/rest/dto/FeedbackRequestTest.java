package dev.pmmemory.adapters.rest.dto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.InvalidInputException.FieldError;
import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.port.in.TeamDecisionCommand;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FeedbackRequestTest {
    private static final String P = "pm-wire";

    private static FeedbackRequest body(String createdAt, String source, String type) {
        return new FeedbackRequest("OpenAI 估值高", createdAt, null, null, source, type);
    }

    @Test
    void absentValuesReadAsTheDefaults() {
        AddFeedbackCommand c = body(null, null, null).toCommand(P);
        assertThat(c.createdAt()).isNull();
        assertThat(c.source()).isEqualTo(Source.EXPLICIT);
        assertThat(c.type()).as("the classifier decides").isNull();
    }

    @Test
    void valuesReadAsTyped() {
        AddFeedbackCommand c = body("2026-05-09T10:00:00+02:00", "bot", "market_info").toCommand(P);
        assertThat(c.createdAt()).isEqualTo(Instant.parse("2026-05-09T08:00:00Z"));
        assertThat(c.source()).isEqualTo(Source.BOT);
        assertThat(c.type()).isEqualTo(MemoryType.MARKET_INFO);
    }

    @Test
    void summaryOrAnUnknownTypeIsRefusedNamingType() {
        assertThatThrownBy(() -> body(null, null, "summary").toCommand(P))
                .hasMessageContaining("type").hasMessageContaining("compact job");
        assertThatThrownBy(() -> body(null, null, "rumour").toCommand(P))
                .hasMessageContaining("type").hasMessageContaining("market_info");
    }

    @Test
    void everyBadFieldIsNamedAtOnce() {
        FeedbackRequest bad = new FeedbackRequest(" ", "yesterday", "has space", null, "pm", "rumour");
        assertThatThrownBy(() -> bad.toCommand("bad id!"))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::field)
                        .containsExactlyInAnyOrder("profile_id", "message", "created_at", "session_id", "source",
                                "type"));
    }

    @Test
    void aTeamDecisionIsFiledUnderTheTeamWithItsAuthorAndCaller() {
        TeamFeedbackRequest body = new TeamFeedbackRequest("pm-zhang", "投决会决议：Anthropic 可以推进", null, null,
                null, null, "project_advance");
        TeamDecisionCommand c = body.toCommand("ic", "key-1", "acme 1.0");
        assertThat(c.author()).isEqualTo("pm-zhang");
        assertThat(c.feedback().profileId()).isEqualTo(TeamOwner.of("ic"));
        assertThat(c.feedback().type()).isEqualTo(MemoryType.PROJECT_ADVANCE);
        assertThat(c.feedback()).extracting(AddFeedbackCommand::actor, AddFeedbackCommand::agent)
                .containsExactly("key-1", "acme 1.0");
    }

    @Test
    void aTeamDecisionNamesABadAuthorAndTeamWithTheMessagesFields() {
        TeamFeedbackRequest body = new TeamFeedbackRequest(null, "", null, null, null, "later", null);
        assertThatThrownBy(() -> body.toCommand("bad team!", "key-1", null))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(FieldError::field)
                        .containsExactlyInAnyOrder("team_id", "author", "message", "source"));
    }
}
