package dev.pmmemory.domain.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Plain verdicts of the fourth round's lexicon lines (shipped lexicon): figures that do not reconcile (对不上), the
 * colloquial 不咋地, nothing to fault (没得挑: praise although it opens with 没), 糟 as a negative adjective, and 质量 as a
 * metric whose high is good.
 */
class PlainVerdictsTest {

    private static final RuleClassifier RULES = new RuleClassifier(Lexicon.loadDefault());

    @ParameterizedTest
    @CsvSource({
            "上次 DD 就发现数据对不上, project_negative",
            "琅嬛二奢鉴定这块做得真不咋地, project_negative",
            "柘林冷链的管理层没得挑, project_positive",
            "阶跃的产品我用了，体验很糟, project_negative",
            "这个质量是高的, project_positive",
            "交付质量不高, project_negative",
            "高质量的客户名单, project_positive",
    })
    void plainVerdicts(String message, String type) {
        assertThat(RULES.classify(message, List.of())).contains(MemoryType.fromWireName(type).orElseThrow());
    }
}
