package dev.pmmemory.application.port.in;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.InvalidInputException;
import org.junit.jupiter.api.Test;

/** The agent a change is recorded under: optional, and refused by name when it is no readable line. */
class AgentFieldTest {

    @Test
    void anAgentIsOptionalAndKeptAsGiven() {
        assertThat(new MemoryActionCommand("pm-1", "m-1", "bot").agent()).isNull();
        assertThat(new MemoryActionCommand("pm-1", "m-1", "bot", "Claude Desktop 0.9.3 · 测试").agent())
                .isEqualTo("Claude Desktop 0.9.3 · 测试");
        AddFeedbackCommand feedback = new AddFeedbackCommand("pm-1", "OpenAI 估值高", null, null, null,
                dev.pmmemory.domain.memory.Source.EXPLICIT);
        assertThat(feedback.actor()).as("nobody named: the service's own").isEqualTo(AuditEvent.SYSTEM);
        assertThat(feedback.by("bot", "acme 1.0")).extracting(AddFeedbackCommand::actor, AddFeedbackCommand::agent)
                .containsExactly("bot", "acme 1.0");
    }

    @Test
    void aBlankOverLongOrMultiLineAgentIsRefusedNamingTheField() {
        for (String bad : new String[] {"", " ", "a".repeat(129), "agent\nx-forged: yes", "tab\there"}) {
            assertThatThrownBy(() -> new MemoryActionCommand("pm-1", "m-1", "bot", bad))
                    .isInstanceOf(InvalidInputException.class)
                    .satisfies(e -> assertThat(((InvalidInputException) e).errors())
                            .extracting(InvalidInputException.FieldError::field).containsExactly("agent"));
        }
        assertThat(new MemoryActionCommand("pm-1", "m-1", "bot", "字".repeat(128)).agent()).hasSize(128);
    }
}
