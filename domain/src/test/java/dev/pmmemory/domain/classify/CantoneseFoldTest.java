package dev.pmmemory.domain.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Cantonese function characters are read as their Mandarin counterparts (lexicon lines {@code cantonese 唔不 嘅的}),
 * in the same one-for-one pass as traditional characters: 唔 then negates as 不 does, 嘅 links as 的 does; and Cantonese
 * phrasing as read after the fold (好 / 幾 / 真係 degree adverbs, 唔係 a negation, 傾吓 / 飲杯咖啡 a meeting).
 */
class CantoneseFoldTest {

    private static final String RULES = """
            type long_term_preference priority=1.0 ttl=permanent triggers=以后
            type project_negative priority=0.9 ttl=P30D triggers=差
            type project_advance priority=0.8 ttl=P30D triggers=可以推进
            type project_positive priority=0.6 ttl=P30D triggers=不错,够硬
            type market_info priority=0.4 ttl=P7D when=no_entity triggers=赛道
            type temp_status priority=0.3 ttl=P3D triggers=本周
            negation 不
            negate project_positive project_negative
            traditional 夠够
            """;

    private static Optional<MemoryType> classify(String lexicon, String message) {
        return new RuleClassifier(Lexicon.parse(lexicon)).classify(message, List.of());
    }

    @Test
    void aCantoneseNegationNegatesAsItsMandarinCounterpart() {
        // without the fold 唔 is no negation: the praise 夠硬 is read unnegated
        assertThat(classify(RULES, "技術唔夠硬")).contains(MemoryType.PROJECT_POSITIVE);
        assertThat(classify(RULES + "cantonese 唔不\n", "技術唔夠硬")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(RULES + "cantonese 唔不\n", "唔錯")).isEmpty(); // 錯 is no listed traditional character here
        assertThat(classify(RULES + "cantonese 唔不\ntraditional 錯错\n", "唔錯")).contains(MemoryType.PROJECT_POSITIVE);
    }

    @Test
    void theFoldIsOneTableWithTheTraditionalOne() {
        Lexicon lexicon = Lexicon.parse(RULES + "cantonese 唔不 嘅的\n");
        assertThat(lexicon.traditional().simplify("佢哋嘅技術唔夠硬")).isEqualTo("佢哋的技術不够硬");
        assertThatThrownBy(() -> Lexicon.parse(RULES + "cantonese 唔夠\n"))
                .hasMessageContaining("a simplified form may not be read as another");
        assertThatThrownBy(() -> Lexicon.parse(RULES + "cantonese 唔\n")).hasMessageContaining("pairs of two different characters");
    }

    @ParameterizedTest
    @CsvSource({
            "碳硅科技這家，我哋睇咗幾次，始終覺得佢哋嘅技術唔夠硬，今次就唔入喇。, project_negative",
            "呢間公司嘅產品唔錯, project_positive",
            "佢哋冇興趣, project_negative",
            "呢間公司嘅數字對唔上，我哋唔跟住喇, project_negative",
            "Wicket 呢個團隊真係幾好, project_positive",
            "團隊好紮實, project_positive",
            "估值好貴, project_negative",
            "佢哋唔係好強, project_negative",
            "我想同佢哋CEO飲杯咖啡傾吓, project_advance",
            "呢點我好佩服, project_positive",
    })
    void theShippedLexiconReadsCantonese(String message, String type) {
        assertThat(new RuleClassifier(Lexicon.loadDefault()).classify(message, List.of()))
                .contains(MemoryType.fromWireName(type).orElseThrow());
    }
}
