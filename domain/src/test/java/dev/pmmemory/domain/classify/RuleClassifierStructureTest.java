package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.lexicon.Phrasing;
import dev.pmmemory.domain.lexicon.Lexicon;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The structural long-tail rules (issue 12, 2nd round, {@link Phrasing}): each on a small lexicon
 * that lacks the vocabulary, so the structure alone must decide; then the shipped default.
 */
class RuleClassifierStructureTest {

    private static final String RULES = """
            type long_term_preference priority=1.0 ttl=permanent triggers=以后
            type project_negative priority=0.9 ttl=P30D triggers=太贵,差
            type project_advance priority=0.8 ttl=P30D triggers=可以推进,set up a call
            type project_positive priority=0.6 ttl=P30D triggers=不错,亮点
            type market_info priority=0.4 ttl=P7D when=no_entity triggers=赛道
            type temp_status priority=0.3 ttl=P3D triggers=本周
            negation 不, 没有, 不是, 并不
            negate project_positive project_negative
            negate project_negative project_positive
            contrast 但是, 可惜
            """;

    private static Optional<MemoryType> classify(String lexicon, String message) {
        return new RuleClassifier(Lexicon.parse(RULES + lexicon)).classify(message, List.of());
    }

    @Test
    void aNegationReachesATriggerAFewUnitsLaterAndTwoNegationsCancel() {
        assertThat(classify("", "并不比大厂差")).contains(MemoryType.PROJECT_POSITIVE);
        assertThat(classify("", "不是没有亮点")).contains(MemoryType.PROJECT_POSITIVE);
        assertThat(classify("", "没有亮点")).contains(MemoryType.PROJECT_NEGATIVE);
        // too far: the negation belongs to something else
        assertThat(classify("", "不在北京的那几家公司里面质量差")).contains(MemoryType.PROJECT_NEGATIVE);
        // a negation inside a neutral phrase is none (没想到 = unexpectedly)
        assertThat(classify("neutral 没想到\n", "没想到这么差")).contains(MemoryType.PROJECT_NEGATIVE);
    }

    @Test
    void anAdjectiveAfterADegreeAdverbOrANegationIsAJudgement() {
        String cues = "degree 真的, 有点\nadjective project_positive 硬\nadjective project_negative 乱\n";
        assertThat(classify(cues, "工程团队真的硬")).contains(MemoryType.PROJECT_POSITIVE);
        assertThat(classify(cues, "组织有点乱")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(cues, "组织不乱")).contains(MemoryType.PROJECT_POSITIVE);
        // without a degree adverb or a negation an adjective is no judgement (硬件 is no 硬)
        assertThat(classify(cues, "做硬件的")).isEmpty();
        assertThat(classify("", "工程团队真的硬")).isEmpty();
    }

    @Test
    void anythingAfterAnExcessAdverbIsAComplaintUnlessItIsPraise() {
        String cues = "excess 太\nadjective project_positive 强\nneutral 太阳\n";
        assertThat(classify(cues, "条款太复杂了")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(cues, "多模态效果太强了")).contains(MemoryType.PROJECT_POSITIVE);
        assertThat(classify(cues, "太阳能板")).isEmpty();
        assertThat(classify(cues, "太贵")).contains(MemoryType.PROJECT_NEGATIVE); // a trigger stays a trigger
    }

    @Test
    void aContrastThatNamesNoSignalStillReversesAPlainJudgement() {
        assertThat(classify("", "技术不错，可惜一直找不到付费客户")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify("", "价格差一点，但是海外收入增长稳")).contains(MemoryType.PROJECT_POSITIVE);
        // an advance is no judgement to reverse
        assertThat(classify("", "可以推进，但是要先看合同")).contains(MemoryType.PROJECT_ADVANCE);
        // far from the end a contrast is no verdict
        assertThat(classify("", "技术不错，但是他们不融资，所以没法参与，只能持续关注")).contains(MemoryType.PROJECT_POSITIVE);
    }

    @Test
    void questionWordsAndOpenersMakeAQuestionAndARequestIsNone() {
        String cues = "question ?\nquestion_word 是不是\nquestion_opener is, does\nrequest can you\n";
        assertThat(classify(cues, "是不是不错")).isEmpty();
        assertThat(classify(cues, "is it 不错")).isEmpty();
        assertThat(classify(cues, "can you set up a call?")).contains(MemoryType.PROJECT_ADVANCE);
        assertThat(classify(cues, "set up a call?")).isEmpty();
    }

    @Test
    void aShortScareQuoteWithLaughterOrADegreeAdverbIsIronic() {
        String cues = "scare_quote 哈哈哈, lol\ndegree 可真\n";
        assertThat(classify(cues, "又一个“下一个 OpenAI”，哈哈哈")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(cues, "护城河可真“深”啊")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(cues, "their 'proprietary' model lol")).contains(MemoryType.PROJECT_NEGATIVE);
        // a quote alone, an apostrophe, or laughter alone is no irony
        assertThat(classify(cues, "他们说“下周”给数据")).isEmpty();
        assertThat(classify(cues, "Notion's team lol")).isEmpty();
        assertThat(classify(cues, "哈哈哈")).isEmpty();
    }

    @Test
    void anAdjectiveOfTwoJudgementsNamesItsLine() {
        assertThatThrownBy(() -> Lexicon.parse(RULES + "adjective project_positive 强\nadjective project_negative 强\n"))
                .hasMessageContaining("line 12").hasMessageContaining("强");
        assertThatThrownBy(() -> Lexicon.parse(RULES + "adjective market_info 热\n"))
                .hasMessageContaining("line 11").hasMessageContaining("project_positive or project_negative");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            百川的技术挺好，可惜一直找不到付费客户         | project_negative
            宇树的工程团队真的硬                           | project_positive
            智元这轮的条款太复杂了                         | project_negative
            商汤的新模型并不比谷歌弱                       | project_positive
            百川不是没有亮点                               | project_positive
            这个项目不是很感兴趣                           | project_negative
            不建议推进 Mistral AI                          | project_negative
            智谱是不是准备 IPO 了                          |
            Glean is worth a deeper look; can you line up a call with their CFO? | project_advance
            开完会以后给我发一下纪要                       |
            Lovable is growing like crazy, we should meet the founders | project_advance
            """)
    void theShippedLexicon(String message, String wire) {
        Optional<MemoryType> expected = wire == null ? Optional.empty() : MemoryType.fromWireName(wire);
        assertThat(new RuleClassifier(Lexicon.loadDefault()).classify(message, List.of())).isEqualTo(expected);
    }
}
