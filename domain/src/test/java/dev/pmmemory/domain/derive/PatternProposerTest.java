package dev.pmmemory.domain.derive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.text.TextNormalizer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class PatternProposerTest {
    private static final Instant NOW = Instant.parse("2026-06-15T08:00:00Z");
    private static final PatternProposer SHIPPED = new PatternProposer(Lexicon.loadDefault().derivations());

    private static Memory memory(String id, MemoryType type, String entity, String text, int daysAgo, MemoryStatus status,
                                 Source source) {
        Instant at = NOW.minus(Duration.ofDays(daysAgo));
        return new Memory.Builder().id(id).profileId("p").type(type).content(entity + " " + text)
                .normalizedContent(TextNormalizer.normalise(entity + " " + text)).entities(List.of(entity))
                .status(status).source(source).createdAt(at).lastSeenAt(at)
                .validFrom(status == MemoryStatus.PENDING ? null : at).build();
    }

    private static Memory negative(String id, String entity, String text, int daysAgo) {
        return memory(id, MemoryType.PROJECT_NEGATIVE, entity, text, daysAgo, MemoryStatus.ACTIVE, Source.EXPLICIT);
    }

    @Test
    void oneReasonAboutFourEntitiesWithinTheWindowIsAProposalWithItsEvidence() {
        List<DerivedProposal> p = SHIPPED.propose(List.of(negative("a", "OpenAI", "估值太高", 50),
                negative("b", "Anthropic", "太贵了", 30), negative("c", "Mistral", "溢价太高", 20),
                negative("d", "Kimi", "估值太高", 1), negative("e", "Figure", "商业化弱", 1)), NOW);

        assertThat(p).hasSize(1);
        assertThat(p.get(0).content()).isEqualTo("对高估值敏感");
        assertThat(p.get(0).evidence()).containsExactly("a", "b", "c", "d");
        assertThat(p.get(0).rationale()).startsWith("\u201c估值太高/太贵/溢价太高\u201d said about 4 entities"
                + " (OpenAI, Anthropic, Mistral, Kimi) in 4 memories from 2026-04-26 to 2026-06-14");
    }

    @Test
    void outsideTheWindowReversedInferredOrTooFewIsNoPattern() {
        assertThat(SHIPPED.propose(List.of(negative("a", "OpenAI", "估值太高", 61),
                negative("b", "Anthropic", "估值太高", 30), negative("c", "Mistral", "估值太高", 20),
                memory("d", MemoryType.PROJECT_NEGATIVE, "Kimi", "估值太高", 1, MemoryStatus.SUPERSEDED, Source.EXPLICIT),
                memory("e", MemoryType.PROJECT_NEGATIVE, "Figure", "估值太高", 1, MemoryStatus.ACTIVE, Source.INFERRED)),
                NOW)).isEmpty();
    }

    @Test
    void anExpiredDecisionStillCounts() {
        List<DerivedProposal> p = SHIPPED.propose(List.of(
                memory("a", MemoryType.PROJECT_NEGATIVE, "OpenAI", "估值太高", 50, MemoryStatus.EXPIRED, Source.EXPLICIT),
                negative("b", "Anthropic", "估值太高", 30), negative("c", "Mistral", "估值太高", 20),
                negative("d", "Kimi", "估值太高", 1)), NOW);
        assertThat(p).extracting(DerivedProposal::evidence).containsExactly(List.of("a", "b", "c", "d"));
    }

    @Test
    void aStageAdvancedAboutThreeEntitiesAndAnEntityTurnedDownThreeTimes() {
        List<Memory> advances = List.of(
                memory("a", MemoryType.PROJECT_ADVANCE, "Kimi", "A轮 可以推进", 10, MemoryStatus.ACTIVE, Source.EXPLICIT),
                memory("b", MemoryType.PROJECT_ADVANCE, "Figure", "A轮 约一下", 8, MemoryStatus.ACTIVE, Source.EXPLICIT),
                memory("c", MemoryType.PROJECT_ADVANCE, "Runway", "A轮 聊聊", 6, MemoryStatus.ACTIVE, Source.EXPLICIT),
                negative("d", "机器人赛道", "太卷", 30), negative("e", "机器人赛道", "商业化弱", 20),
                negative("f", "机器人赛道", "不行", 10));

        assertThat(SHIPPED.propose(advances, NOW)).extracting(DerivedProposal::content)
                .containsExactlyInAnyOrder("倾向推进A轮项目", "对机器人赛道持保留态度");
    }

    @Test
    void aRuleIsCheckedWhenTheLexiconIsRead() {
        assertThatThrownBy(() -> Lexicon.parse(Lexicon.defaultText()
                + "\nderive broken type=project_negative window=P60D min=1 by=any propose=x words=贵\n"))
                .hasMessageContaining("min must be at least 2");
        assertThatThrownBy(() -> Lexicon.parse(Lexicon.defaultText()
                + "\nderive broken type=project_negative window=P60D min=3 by=entity propose=x\n"))
                .hasMessageContaining("{entity}");
        assertThatThrownBy(() -> Lexicon.parse(Lexicon.defaultText()
                + "\nderive broken type=project_negative window=sixty min=3 by=any propose=x words=贵\n"))
                .hasMessageContaining("ISO-8601");
    }
}
