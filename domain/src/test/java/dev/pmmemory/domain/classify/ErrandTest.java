package dev.pmmemory.domain.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A clause asking for a piece of work (lexicon {@code errand}: 帮我整理, 发我一份, remind me) is no feedback: it is
 * skipped like a question, so a message of errands only is a question to the chain (never given to the model), and
 * another clause still decides.
 */
class ErrandTest {

    private static final RuleClassifier RULES = new RuleClassifier(Lexicon.loadDefault());

    @Test
    void anErrandIsSkippedLikeAQuestion() {
        Classification errand = RULES.classification("把智谱的尽调报告发我一份", List.of());
        assertThat(errand.type()).isEmpty();
        assertThat(errand.question()).isTrue();
        assertThat(RULES.classification("remind me who led canvas's seed", List.of()).question()).isTrue();
    }

    @Test
    void anotherClauseStillDecides() {
        assertThat(RULES.classify("先整理一份竞品对比，然后约他们的产品负责人聊聊", List.of()))
                .contains(MemoryType.PROJECT_ADVANCE);
        assertThat(RULES.classify("团队不错，帮我查一下他们上一轮的估值", List.of()))
                .contains(MemoryType.PROJECT_POSITIVE);
    }

    @Test
    void withoutTheLineTheErrandIsRead() {
        String rules = """
                type long_term_preference priority=1.0 ttl=permanent triggers=以后
                type project_negative priority=0.9 ttl=P30D triggers=差
                type project_advance priority=0.8 ttl=P30D triggers=尽调
                type project_positive priority=0.6 ttl=P30D triggers=不错
                type market_info priority=0.4 ttl=P7D when=no_entity triggers=赛道
                type temp_status priority=0.3 ttl=P3D triggers=本周
                """;
        assertThat(new RuleClassifier(Lexicon.parse(rules)).classify("把智谱的尽调报告发我一份", List.of()))
                .contains(MemoryType.PROJECT_ADVANCE);
        assertThat(new RuleClassifier(Lexicon.parse(rules + "errand 发我一份\n")).classify("把智谱的尽调报告发我一份",
                List.of())).isEmpty();
    }
}
