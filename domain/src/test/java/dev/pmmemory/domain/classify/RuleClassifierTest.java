package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RuleClassifierTest {

    private static final Classifier CLASSIFIER = new RuleClassifier(Lexicon.loadDefault());

    private static List<String> entities(String csv) {
        return csv == null ? List.of() : Arrays.asList(csv.split(";"));
    }

    @ParameterizedTest(name = "trigger {0} → {1}")
    @CsvSource({
            "以后, long_term_preference", "少推, long_term_preference", "不要, long_term_preference",
            "避免, long_term_preference", "不喜欢, long_term_preference", "我更倾向, long_term_preference",
            "弱, project_negative", "差, project_negative", "贵, project_negative", "不行, project_negative",
            "商业化, project_negative", "估值高, project_negative", "赛道小, project_negative",
            "可以推进, project_advance", "约一下, project_advance", "见一下, project_advance",
            "可以投, project_advance", "感兴趣, project_advance", "聊聊, project_advance",
            "不错, project_positive", "有意思, project_positive", "亮点, project_positive", "看好, project_positive",
            "赛道, market_info", "趋势, market_info", "最近热, market_info", "在火, market_info",
            "本周, temp_status", "下周, temp_status", "在路上, temp_status", "最近忙, temp_status"})
    void everyTriggerSelectsItsType(String trigger, String wireName) {
        MemoryType expected = MemoryType.fromWireName(wireName).orElseThrow();
        assertThat(CLASSIFIER.classify(trigger, List.of())).contains(expected);
        assertThat(CLASSIFIER.classify("这件事" + trigger + "。", List.of())).contains(expected);
    }

    @ParameterizedTest(name = "{0} [{1}] → {2}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            OpenAI 估值高                    | OpenAI          | project_negative
            以后少推国内大模型               | -               | long_term_preference
            Anthropic 可以推进               | Anthropic       | project_advance
            本周在路上                       | -               | temp_status
            我更倾向海外早期项目             | -               | long_term_preference
            以后少推估值高的项目             | -               | long_term_preference
            不要推商业化弱的公司             | -               | long_term_preference
            Anthropic 不错，可以推进         | Anthropic       | project_advance
            Figure AI 有意思，约一下         | Figure AI       | project_advance
            Anthropic 不错                   | Anthropic       | project_positive
            具身智能赛道最近热               | -               | market_info
            Figure AI 所在赛道最近热         | Figure AI       | -
            智谱 所在赛道在火，本周再说      | 智谱            | temp_status
            Anthropic 商业化弱               | Anthropic       | project_negative
            OpenAI 很贵但是不错              | OpenAI          | project_positive
            OpenAI 不错但是很贵              | OpenAI          | project_negative
            赛道小，不行                     | -               | project_negative
            ＯｐｅｎＡＩ 估值高！           | OpenAI          | project_negative
            OpenAI 和 Anthropic 都可以推进   | OpenAI;Anthropic| project_advance
            """)
    void precedenceFollowsLexiconOrder(String message, String entityCsv, String wireName) {
        assertThat(CLASSIFIER.classify(message, entities(entityCsv)))
                .isEqualTo(MemoryType.fromWireName(wireName == null ? "" : wireName));
    }

    @ParameterizedTest(name = "unclassified: {0}")
    @ValueSource(strings = {"", "   ", "hello", "OpenAI", "收到，谢谢", "看看再说", "Anthropic 的 CEO 换人了"})
    void unclassifiedTextYieldsNothing(String message) {
        assertThat(CLASSIFIER.classify(message, List.of())).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"VERY WEAK 弱", "Ｃｏｏｌ 不错", "Cool 不错"})
    void matchingIsCaseAndWidthInsensitive(String message) {
        Lexicon lexicon = Lexicon.parse("""
                type long_term_preference priority=1.0 ttl=permanent triggers=Never Again
                type project_negative priority=0.9 ttl=P30D triggers=WEAK
                type project_advance priority=0.8 ttl=P30D triggers=go
                type project_positive priority=0.6 ttl=P30D triggers=ｃｏｏｌ
                type market_info priority=0.4 ttl=P7D when=no_entity triggers=trend
                type temp_status priority=0.3 ttl=P3D triggers=busy
                """);
        RuleClassifier english = new RuleClassifier(lexicon);
        assertThat(english.classify(message, List.of())).isPresent();
        assertThat(english.classify("never again please", List.of())).contains(MemoryType.LONG_TERM_PREFERENCE);
    }
}
