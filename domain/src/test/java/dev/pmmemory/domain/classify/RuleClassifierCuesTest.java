package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Each kind of cue on a small lexicon of its own, then the shipped default on the issue's examples. */
class RuleClassifierCuesTest {

    private static final String RULES = """
            type long_term_preference priority=1.0 ttl=permanent triggers=以后
            type project_negative priority=0.9 ttl=P30D triggers=贵,不行
            type project_advance priority=0.8 ttl=P30D triggers=感兴趣,约一下
            type project_positive priority=0.6 ttl=P30D triggers=不错
            type market_info priority=0.4 ttl=P7D when=no_entity triggers=赛道
            type temp_status priority=0.3 ttl=P3D triggers=本周
            """;

    private static Optional<MemoryType> classify(String lexicon, String message) {
        return new RuleClassifier(Lexicon.parse(RULES + lexicon)).classify(message, List.of());
    }

    @Test
    void negationFlipsTheTriggerRightAfterIt() {
        String cues = "negation 不, 不是, not\nnegate project_advance project_negative\nnegate project_negative project_positive\n";
        assertThat(classify(cues, "对这个项目不感兴趣")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(cues, "不贵")).contains(MemoryType.PROJECT_POSITIVE);
        assertThat(classify(cues, "其实不是不行")).contains(MemoryType.PROJECT_POSITIVE); // double negation
        assertThat(classify(cues, "感兴趣")).contains(MemoryType.PROJECT_ADVANCE);
        assertThat(classify("", "不感兴趣")).contains(MemoryType.PROJECT_ADVANCE); // without cues: as before
    }

    @Test
    void negationStaysInItsClause() {
        String cues = "negation 不\nnegate project_negative project_positive\n";
        assertThat(classify(cues, "不，贵")).contains(MemoryType.PROJECT_NEGATIVE);
    }

    @Test
    void aTypeWithoutNegateLineIgnoresNegation() {
        assertThat(classify("negation 不\n", "不以后")).contains(MemoryType.LONG_TERM_PREFERENCE);
        assertThat(classify("negation 不\nnegate temp_status none\n", "不本周")).isEmpty();
    }

    @Test
    void softNoIsNegativeUnlessTheMessageAdvances() {
        String cues = "soft_negative 再看看, hold off\n";
        assertThat(classify(cues, "再看看吧")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(cues, "不错，再看看吧")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(cues, "感兴趣，约一下，估值再看看")).contains(MemoryType.PROJECT_ADVANCE);
        assertThat(classify(cues, "Let's hold off for now")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify("", "再看看吧")).isEmpty();
    }

    @Test
    void neutralPhraseHidesTheTriggerInsideIt() {
        assertThat(classify("neutral 宝贵\n", "谢谢你宝贵的建议")).isEmpty();
        assertThat(classify("", "谢谢你宝贵的建议")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify("neutral 宝贵\n", "宝贵的时间，太贵")).contains(MemoryType.PROJECT_NEGATIVE);
    }

    @Test
    void longestTriggerWins() {
        String lexicon = "trigger project_negative 不感兴趣\nsoft_negative 以后再说\n";
        assertThat(classify(lexicon, "不感兴趣")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(lexicon, "这个项目以后再说吧")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(lexicon, "以后少看这类")).contains(MemoryType.LONG_TERM_PREFERENCE);
    }

    @Test
    void questionClausesSayNothing() {
        String cues = "question ?, 吗\n";
        assertThat(classify(cues, "可以约一下吗？")).isEmpty();
        assertThat(classify(cues, "可以约一下吗")).isEmpty();
        assertThat(classify(cues, "Is it too 贵?")).isEmpty();
        assertThat(classify(cues, "太贵了，谁会投？")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify("", "可以约一下吗？")).contains(MemoryType.PROJECT_ADVANCE);
    }

    @Test
    void synonymOfATriggerIsATrigger() {
        String lexicon = "synonym 赛道小, 赛道窄, small market\ntrigger project_negative 赛道小\n";
        assertThat(classify(lexicon, "赛道窄")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(lexicon, "a small market")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify("", "赛道窄")).contains(MemoryType.MARKET_INFO); // without the group: 赛道 alone
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            trigger project_negative pass                 | let's pass                 | project_negative
            trigger project_negative pass                 | the passenger was late     | -
            trigger project_advance interested            | intrested in it            | project_advance
            trigger project_advance interested            | uninterested               | -
            trigger project_advance 可以推进               | 可 以 推 进                 | project_advance
            trigger project_negative too expensive        | TOO  EXPENSIVE!            | project_negative
            """)
    void englishTriggersMatchWholeWordsWithOneTypoAllowed(String lexicon, String message, String wireName) {
        assertThat(classify(lexicon + "\n", message)).isEqualTo(MemoryType.fromWireName(wireName == null ? "" : wireName));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource(delimiter = '|', textBlock = """
            不感兴趣                          | project_negative
            OpenAI 不感兴趣                   | project_negative
            不是不行                          | project_positive
            智谱也不是不行，可以约一下         | project_advance
            再看看吧                          | project_negative
            let's pass                        | project_negative
            Let's pass on Mistral             | project_negative
            宝贵的建议                        | none
            谢谢你宝贵的建议                  | none
            不差钱的团队，可以推进             | project_advance
            赛道窄                            | project_negative
            OpenAI valuation is too high      | project_negative
            Anthropic 可以推进吗？            | none
            本周期的数据还没出来              | none
            下周在美国出差                    | temp_status
            """)
    void defaultLexiconOnTheIssuesExamples(String message, String wireName) {
        Optional<MemoryType> type = new RuleClassifier(Lexicon.loadDefault()).classify(message, List.of());
        assertThat(type.map(MemoryType::wireName).orElse("none")).isEqualTo(wireName);
    }
}
