package dev.pmmemory.application.access;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.MemoryActionCommand;
import org.junit.jupiter.api.Test;

class AgentNameTest {

    @Test
    void aNameIsKeptAsGivenWhenItIsAReadableLine() {
        assertThat(AgentName.of("claude-code 1.0.3")).contains("claude-code 1.0.3");
        assertThat(AgentName.of("  研究助手 v2 ")).contains("研究助手 v2");
    }

    @Test
    void nothingReadableMeansNoAgent() {
        assertThat(AgentName.of(null)).isEmpty();
        assertThat(AgentName.of("")).isEmpty();
        assertThat(AgentName.of(" \t\n ")).isEmpty();
    }

    @Test
    void controlAndFormatCharactersAreTidiedAndALongNameIsCut_soTheCommandNeverRefusesIt() {
        assertThat(AgentName.of("bot\nX-Forged: yes")).contains("bot X-Forged: yes");
        assertThat(AgentName.of("evil\u202Eexe.txt")).contains("evil exe.txt");
        assertThat(AgentName.of("a\uD800b")).contains("a b");
        String long1 = AgentName.of("字".repeat(300)).orElseThrow();
        assertThat(long1.codePointCount(0, long1.length())).isEqualTo(128);
        String emoji = AgentName.of("🤖".repeat(200)).orElseThrow();
        assertThat(emoji.codePointCount(0, emoji.length())).as("cut between characters, never inside one")
                .isEqualTo(128);
        for (String raw : new String[] {"bot\nX", "字".repeat(300), "🤖".repeat(200), "a\uD800b"}) {
            assertThat(new MemoryActionCommand("pm-1", "m-1", "bot", AgentName.of(raw).orElseThrow()).agent())
                    .isNotNull();
        }
    }
}
