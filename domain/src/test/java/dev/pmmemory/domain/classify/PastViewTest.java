package dev.pmmemory.domain.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A PM reporting a view held before (原来以为, 之前觉得 …) and changed: the clause it opens is conceded, the later
 * clause decides; so does a clause whose concession word stands after its subject, before any signal (桉树基因之前觉得太早,
 * 这个项目虽然贵). Shipped lexicon.
 */
class PastViewTest {

    private static final RuleClassifier RULES = new RuleClassifier(Lexicon.loadDefault());

    @ParameterizedTest
    @CsvSource({
            "原来以为是套壳 聊完发现并不差 推理引擎是自研的, project_positive",
            "之前觉得太早，数据出来了，可以推进了, project_advance",
            "原来以为估值太高, project_negative",
            "桉树基因之前觉得太早，数据出来了，可以推进了, project_advance",
            "这个项目虽然贵，团队很强, project_positive",
            "一开始觉得估值太高，后来看了数据，还是不错的, project_positive",
    })
    void aViewHeldBeforeIsConceded(String message, String type) {
        assertThat(RULES.classify(message, List.of())).contains(MemoryType.fromWireName(type).orElseThrow());
    }
}
