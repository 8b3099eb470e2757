package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.lexicon.Lexicon;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The long tail of phrasing (issue 12 item 4): each cue on a small lexicon, then the shipped default. */
class RuleClassifierLongTailTest {

    private static final String RULES = """
            type long_term_preference priority=1.0 ttl=permanent triggers=以后
            type project_negative priority=0.9 ttl=P30D triggers=太贵,太弱,贵
            type project_advance priority=0.8 ttl=P30D triggers=可以推进
            type project_positive priority=0.6 ttl=P30D triggers=很强,不错,impressive
            type market_info priority=0.4 ttl=P7D when=no_entity triggers=赛道
            type temp_status priority=0.3 ttl=P3D triggers=本周
            """;

    private static Optional<MemoryType> classify(String lexicon, String message) {
        return new RuleClassifier(Lexicon.parse(RULES + lexicon)).classify(message, List.of());
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0} → {1}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
            "这家的客服系统做得不怎么样|project_negative",
            "Hard no on this one, the burn never stops|project_negative",
            "Great founders. Get me a meeting with them next week|project_advance",
            "他们的端侧 demo 完全不输大厂|project_positive",
            "在 offsite，这两天不太能看消息|temp_status",
            "人形机器人的融资额今年普遍翻倍|market_info",
            "这个团队到底行不行|none",
            "What time is the partner meeting|none",
            "这家的估值算不算贵|none",
            "你觉得他们团队够不够强|none",
            "不得不说，团队很强|project_positive",
            "无论估值高不高我们都不投|project_negative",
            "这家动不动就延期，真不靠谱|project_negative",
            "I wouldn't bet on that timeline|none",
            "Not for this fund, the check is too small|project_negative",
            "Worth a second look now that the pipeline filled out|project_advance"})
    void everydayJudgementsAndDecisionsOfRound5(String message, String type) {
        RuleClassifier shipped = new RuleClassifier(Lexicon.loadDefault());
        assertThat(shipped.classify(message, List.of()).map(MemoryType::wireName).orElse("none")).isEqualTo(type);
    }

    @Test
    void traditionalCharactersMatchTheSimplifiedTriggers() {
        RuleClassifier shipped = new RuleClassifier(Lexicon.loadDefault());
        assertThat(shipped.classify("智譜可以推進，約下週見", List.of("智谱"))).contains(MemoryType.PROJECT_ADVANCE);
        assertThat(shipped.classify("估值太貴了，不考慮", List.of())).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(new RuleClassifier(Lexicon.parse(RULES)).classify("可以推進", List.of())).isEmpty();
    }

    @Test
    void aSlipMatchesOnlyTriggersOfTwoOrMoreCharactersAndOnlyWhenDeclared() {
        assertThat(classify("slip 退>推, 龟>贵\n", "可以退进")).contains(MemoryType.PROJECT_ADVANCE);
        assertThat(classify("", "可以退进")).isEmpty();
        assertThat(classify("slip 龟>贵\n", "太龟了")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify("slip 龟>贵\n", "乌龟")).isEmpty(); // 贵 alone is one character: no slip
    }

    @Test
    void aRealWordWinsOverASlip() {
        // 推进 is a trigger; 退 → 推 must not turn a real negative word into an advance.
        String lexicon = "slip 退>推\ntrigger project_negative 可以退进\n";
        assertThat(classify(lexicon, "可以退进")).contains(MemoryType.PROJECT_NEGATIVE);
    }

    @Test
    void theContrastedPartDecides() {
        String cues = "contrast 但, 不过, but\n";
        assertThat(classify(cues, "团队很强，但太贵")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(cues, "太贵，不过团队很强")).contains(MemoryType.PROJECT_POSITIVE);
        assertThat(classify(cues, "太贵但团队很强")).contains(MemoryType.PROJECT_POSITIVE); // no comma
        // a contrast that names no signal still reverses a plain judgement (issue 12, 2nd round)
        assertThat(classify(cues, "太贵，不过没关系")).contains(MemoryType.PROJECT_POSITIVE);
        assertThat(classify("", "太贵，不过团队很强")).contains(MemoryType.PROJECT_NEGATIVE); // without cues: precedence
    }

    @Test
    void aConcededClauseCountsOnlyAlone() {
        String cues = "concession 虽然, although\n";
        assertThat(classify(cues, "虽然太贵，团队很强")).contains(MemoryType.PROJECT_POSITIVE);
        assertThat(classify(cues, "although it is 贵, impressive")).contains(MemoryType.PROJECT_POSITIVE);
        assertThat(classify(cues, "虽然太贵")).contains(MemoryType.PROJECT_NEGATIVE);
    }

    @Test
    void ironicPraiseIsANegativeJudgement() {
        String cues = "irony 呵呵, 🙃\n";
        assertThat(classify(cues, "团队很强呵呵")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(cues, "moat is impressive 🙃")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(cues, "商业模式真是“很强”")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(cues, "商业模式真是\"很强\"")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(cues, "团队很强")).contains(MemoryType.PROJECT_POSITIVE);
    }

    @Test
    void aMalformedSlipNamesItsLine() {
        assertThatThrownBy(() -> Lexicon.parse(RULES + "slip 退推\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lexicon line 7").hasMessageContaining("slip");
        assertThatThrownBy(() -> Lexicon.parse(RULES + "slip 可以>推\n"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("one character");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Anthropic 可以退进                          | project_advance
            估值并不离谱，可以推进 Mistral                | project_advance
            估值并不离谱                                 | project_positive
            Kimi 的团队不算弱                            | project_positive
            Anthropic is not too expensive              | project_positive
            百川这轮不太行                               | project_negative
            DeepSeek 有新消息吗？                         |
            估值多少?                                    |
            what do you think of Mistral?               |
            虽然估值偏高，但团队很强，可以约一下零一万物        | project_advance
            MiniMax 产品不错，但是估值太离谱了              | project_negative
            The product is nice but the burn is too high | project_negative
            not for us                                  | project_negative
            Pass on Perplexity for now                  | project_negative
            let's meet them next week                   | project_advance
            Midjourney's valuation is crazy             | project_negative
            love the team at Harvey                     | project_positive
            阶跃星辰估值太搞了                             | project_negative
            团队挺好的呵呵                                | project_negative
            他讲的段子太搞笑了                             |
            """)
    void theShippedLexiconOnTheIssuesExamples(String message, String wire) {
        Optional<MemoryType> expected = wire == null ? Optional.empty() : MemoryType.fromWireName(wire);
        assertThat(new RuleClassifier(Lexicon.loadDefault()).classify(message, List.of())).isEqualTo(expected);
    }

    @Test
    void aContrastWordInsideATriggerDoesNotCutIt() {
        // development example (issue 12, 3rd round): 撑不过 was cut at 不过, so 撑不过明年 lost its trigger
        String lexicon = "contrast 但, 不过\ntrigger project_negative 撑不过\n";
        assertThat(classify(lexicon, "他们的现金撑不过明年")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(lexicon, "产品很强，可惜现金撑不过明年")).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(classify(lexicon, "太贵，不过团队很强")).contains(MemoryType.PROJECT_POSITIVE); // a real 不过 still cuts
        RuleClassifier shipped = new RuleClassifier(Lexicon.loadDefault());
        assertThat(shipped.classify("团队很强，但账上的钱撑不过明年", List.of())).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(shipped.classify("这家的现金流撑不过明年", List.of())).contains(MemoryType.PROJECT_NEGATIVE);
    }

    @Test
    void aQuestionIsToldApartFromNoSignal() {
        RuleClassifier shipped = new RuleClassifier(Lexicon.loadDefault());
        assertThat(shipped.classification("DeepSeek 有新消息吗？", List.of("深度求索"))).isEqualTo(Classification.aQuestion());
        assertThat(shipped.classification("智谱是不是准备 IPO 了", List.of("智谱")).question()).isTrue();
        assertThat(shipped.classification("收到", List.of())).isEqualTo(Classification.of(Optional.empty()));
        assertThat(shipped.classification("The unit economics worry me", List.of()).question()).isFalse();
        // a clause that says something wins over a question beside it
        assertThat(shipped.classification("OpenAI 估值太高。你怎么看？", List.of("OpenAI")))
                .isEqualTo(Classification.of(Optional.of(MemoryType.PROJECT_NEGATIVE)));
    }
}
