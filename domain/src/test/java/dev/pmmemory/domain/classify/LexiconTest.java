package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.lexicon.TypeRule;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class LexiconTest {

    private static final String VALID_RULES = """
            type long_term_preference priority=1.0 ttl=permanent triggers=以后
            type project_negative priority=0.9 ttl=P30D triggers=弱
            type project_advance priority=0.8 ttl=P30D triggers=可以推进
            type project_positive priority=0.6 ttl=P30D triggers=不错
            type market_info priority=0.4 ttl=P7D when=no_entity triggers=赛道
            type temp_status priority=0.3 ttl=P3D triggers=本周
            """;

    @Test
    void defaultLexiconHasTheSixRulesInTableOrderThenTheSummary() {
        Lexicon lexicon = Lexicon.loadDefault();
        assertThat(lexicon.rules()).extracting(TypeRule::type).containsExactly(
                MemoryType.LONG_TERM_PREFERENCE, MemoryType.PROJECT_NEGATIVE, MemoryType.PROJECT_ADVANCE,
                MemoryType.PROJECT_POSITIVE, MemoryType.MARKET_INFO, MemoryType.TEMP_STATUS, MemoryType.SUMMARY);
        TypeRule summary = lexicon.ruleFor(MemoryType.SUMMARY);
        assertThat(summary.triggers()).as("never classified").isEmpty();
        assertThat(summary.priority()).isEqualTo(0.2);
        assertThat(summary.ttl()).contains(Duration.ofDays(180));
        assertThat(summary).isEqualTo(Lexicon.DEFAULT_SUMMARY_RULE);
    }

    @Test
    void summaryLineSetsItsPriorityAndTtlAndALexiconWithoutOneGetsTheDefault() {
        Lexicon declared = Lexicon.parse(VALID_RULES + "type summary priority=0.1 ttl=P90D\n");
        assertThat(declared.ruleFor(MemoryType.SUMMARY).priority()).isEqualTo(0.1);
        assertThat(declared.ruleFor(MemoryType.SUMMARY).ttl()).contains(Duration.ofDays(90));
        assertThat(Lexicon.parse(VALID_RULES).ruleFor(MemoryType.SUMMARY)).isEqualTo(Lexicon.DEFAULT_SUMMARY_RULE);
    }

    @Test
    void summaryTakesNoTriggersItIsNeverClassified() {
        assertThatThrownBy(() -> Lexicon.parse(VALID_RULES + "type summary priority=0.1 ttl=P90D triggers=总结\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 7:").hasMessageContaining("takes no triggers");
        assertThatThrownBy(() -> Lexicon.parse(VALID_RULES + "trigger summary 总结\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 7:").hasMessageContaining("takes no triggers");
        assertThatThrownBy(() -> Lexicon.parse(VALID_RULES + "type summary ttl=P90D\n"))
                .hasMessageContaining("missing priority=");
    }

    static Stream<Arguments> defaultTable() {
        return Stream.of(
                arguments(MemoryType.LONG_TERM_PREFERENCE, 1.0, Optional.empty(), false,
                        List.of("以后", "少推", "不要", "避免", "不喜欢", "我更倾向")),
                arguments(MemoryType.PROJECT_NEGATIVE, 0.9, Optional.of(Duration.ofDays(30)), false,
                        List.of("弱", "差", "贵", "不行", "商业化", "估值高", "赛道小")),
                arguments(MemoryType.PROJECT_ADVANCE, 0.8, Optional.of(Duration.ofDays(30)), false,
                        List.of("可以推进", "约一下", "见一下", "可以投", "感兴趣", "聊聊")),
                arguments(MemoryType.PROJECT_POSITIVE, 0.6, Optional.of(Duration.ofDays(30)), false,
                        List.of("不错", "有意思", "亮点", "看好")),
                arguments(MemoryType.MARKET_INFO, 0.4, Optional.of(Duration.ofDays(7)), true,
                        List.of("赛道", "趋势", "最近热", "在火")),
                arguments(MemoryType.TEMP_STATUS, 0.3, Optional.of(Duration.ofDays(3)), false,
                        List.of("本周", "下周", "在路上", "最近忙")));
    }

    @ParameterizedTest(name = "{0}: priority {1}, ttl {2}")
    @MethodSource("defaultTable")
    void defaultLexiconMatchesDomainTable(MemoryType type, double priority, Optional<Duration> ttl,
                                          boolean onlyWithoutEntities, List<String> triggers) {
        TypeRule rule = Lexicon.loadDefault().ruleFor(type);
        assertThat(rule.priority()).isEqualTo(priority);
        assertThat(rule.ttl()).isEqualTo(ttl);
        assertThat(rule.onlyWithoutEntities()).isEqualTo(onlyWithoutEntities);
        // the type line holds the table, in table order; `trigger` lines add more words after it
        assertThat(rule.triggers()).startsWith(triggers.toArray(String[]::new));
    }

    @Test
    void defaultLexiconShipsDictionaryAndGenericWords() {
        Lexicon lexicon = Lexicon.loadDefault();
        assertThat(lexicon.entityDictionary()).contains("智谱", "月之暗面", "百川智能", "MiniMax", "零一万物", "阶跃星辰");
        assertThat(lexicon.genericWords()).contains("AI", "VC", "PE", "LLM", "GPU", "SaaS", "CEO", "CTO", "IPO",
                "B2B", "B2C", "AGI", "API");
    }

    @Test
    void parsesCommentsBlankLinesEntitiesAndSpacedValues() {
        Lexicon lexicon = Lexicon.parse("# header\n\n" + VALID_RULES.replace("triggers=本周", "triggers=本周, this week")
                + "  # indented comment\nentity Mistral AI\nentity 智谱\ngeneric AI\r\ngeneric VC\n");
        assertThat(lexicon.ruleFor(MemoryType.TEMP_STATUS).triggers()).containsExactly("本周", "this week");
        assertThat(lexicon.entityDictionary()).containsExactly("Mistral AI", "智谱");
        assertThat(lexicon.genericWords()).containsExactly("AI", "VC");
        assertThat(lexicon.ruleFor(MemoryType.LONG_TERM_PREFERENCE).permanent()).isTrue();
    }

    @Test
    void ruleOrderInTheFileIsPrecedence() {
        String reordered = Stream.of(VALID_RULES.split("\n")).sorted().reduce("", (a, b) -> a + b + "\n");
        Lexicon lexicon = Lexicon.parse(reordered);
        assertThat(lexicon.rules().get(0).type()).isEqualTo(MemoryType.LONG_TERM_PREFERENCE);
        assertThat(lexicon.rules().get(1).type()).isEqualTo(MemoryType.MARKET_INFO);
    }

    static Stream<Arguments> malformed() {
        return Stream.of(
                arguments("type nonsense priority=0.5 ttl=P1D triggers=x", 7, "unknown memory type 'nonsense'"),
                arguments("type temp_status priority=high ttl=P1D triggers=x", 7, "priority is not a number"),
                arguments("type temp_status priority=1.5 ttl=P1D triggers=x", 7, "priority must be in [0, 1]"),
                arguments("type temp_status priority=0.5 ttl=3days triggers=x", 7, "ttl is neither"),
                arguments("type temp_status priority=0.5 ttl=PT0S triggers=x", 7, "ttl must be positive"),
                arguments("type temp_status priority=0.5 ttl=-P1D triggers=x", 7, "ttl must be positive"),
                arguments("type temp_status priority=0.5 ttl=P1D triggers=", 7, "missing triggers="),
                arguments("type temp_status priority=0.5 ttl=P1D triggers=a,,b", 7, "empty trigger"),
                arguments("type temp_status ttl=P1D triggers=x", 7, "missing priority="),
                arguments("type temp_status priority=0.5 triggers=x", 7, "missing ttl="),
                arguments("type temp_status priority=0.5 ttl=P1D colour=red triggers=x", 7, "unknown attribute 'colour'"),
                arguments("type temp_status priority=0.5 priority=0.6 ttl=P1D triggers=x", 7, "given twice"),
                arguments("type temp_status priority=0.5 ttl=P1D when=always triggers=x", 7, "unknown condition"),
                arguments("type temp_status priority=0.5 ttl=P1D oops triggers=x", 7, "expected key=value"),
                arguments("type", 7, "type needs a name"),
                arguments("entity", 7, "entity needs a name"),
                arguments("generic   ", 7, "generic needs a name"),
                arguments("colour 智谱 智谱AI", 7, "unknown declaration 'colour'"),
                arguments("type project_negative priority=0.5 ttl=P1D triggers=x", 7, "duplicate rule for type project_negative"),
                arguments("trigger", 7, "trigger needs a type"),
                arguments("trigger nonsense 贵", 7, "unknown memory type 'nonsense'"),
                arguments("trigger project_negative", 7, "trigger project_negative needs a name"),
                arguments("trigger project_negative 太贵,,偏贵", 7, "empty item"),
                arguments("negation", 7, "negation needs a name"),
                arguments("negate project_advance", 7, "negate needs two words"),
                arguments("negate project_advance nonsense", 7, "unknown memory type 'nonsense'"),
                arguments("negate project_advance none\nnegate project_advance project_negative", 8, "negate given twice"),
                arguments("soft_negative ", 7, "soft_negative needs a name"),
                arguments("neutral 宝贵,", 7, "empty item"),
                arguments("question", 7, "question needs a name"),
                arguments("synonym 赛道窄", 7, "at least two"),
                arguments("synonym 赛道窄, 市场小\nsynonym 市场小, small market", 8, "in two synonym groups"),
                arguments("synonym 弱, 可以推进", 7, "joins words of different meaning"),
                arguments("stop", 7, "stop needs a name"),
                arguments("entity 月之暗面, , Kimi", 7, "empty item"),
                arguments("suffix", 7, "suffix needs a name"),
                arguments("common", 7, "common needs a name"),
                arguments("traditional 湯汤 譜", 7, "traditional needs pairs of two different characters"),
                arguments("traditional 湯湯", 7, "got '湯湯'"));
    }

    @Test
    void traditionalPairsAreReadAsSimplifiedAndTheShippedLexiconHasTheCommonOnes() {
        Lexicon lexicon = Lexicon.parse(VALID_RULES + "traditional 湯汤 譜谱, 進进\n");
        assertThat(lexicon.traditional().simplify("商湯 智譜 推進 ok")).isEqualTo("商汤 智谱 推进 ok");
        assertThat(Lexicon.parse(VALID_RULES).traditional().simplify("商湯")).isEqualTo("商湯");
        long lines = VALID_RULES.lines().count();
        assertThatThrownBy(() -> Lexicon.parse(VALID_RULES + "traditional 薴苧\ntraditional 苧苎\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("lexicon line " + (lines + 1) + ": traditional 薴苧")
                .hasMessageContaining("苧 is itself listed as traditional (苧苎, line " + (lines + 2) + ")");
        Lexicon shipped = Lexicon.loadDefault();
        assertThat(shipped.traditional().size()).isGreaterThan(2_500);
        assertThat(shipped.traditional().simplify("乾隆 於 徵 镟")).isEqualTo("乾隆 於 徵 镟");
        assertThat(shipped.traditional().simplify("騰訊的團隊下週約見，可以推進")).isEqualTo("腾讯的团队下周约见，可以推进");
        // simplified text, and the characters simplified and traditional writing share, stay as they are
        assertThat(shipped.traditional().simplify("著名的干货，台里面")).isEqualTo("著名的干货，台里面");
    }

    @ParameterizedTest(name = "line {1}: {2}")
    @MethodSource("malformed")
    void malformedLineIsReportedWithItsNumber(String badLine, int line, String reason) {
        assertThatThrownBy(() -> Lexicon.parse(VALID_RULES + badLine + "\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line " + line + ":")
                .hasMessageContaining(reason);
    }

    @Test
    void triggerLineForATypeWithoutTypeLineNamesItsLine() {
        String withoutTemp = VALID_RULES.replace("type temp_status priority=0.3 ttl=P3D triggers=本周\n", "");
        assertThatThrownBy(() -> Lexicon.parse("trigger temp_status this week\n" + withoutTemp))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 1:")
                .hasMessageContaining("without a type line");
    }

    @Test
    void parsesTheLanguageCues() {
        Lexicon lexicon = Lexicon.parse(VALID_RULES + """
                trigger project_negative too expensive, 太贵
                trigger project_negative pass
                soft_negative 再看看, hold off
                negation 不, not
                negate project_advance project_negative
                negate temp_status none
                neutral 宝贵, 贵州
                question ?, 吗
                synonym 赛道小, 赛道窄, small market
                stop 一下, 可以
                """);
        assertThat(lexicon.ruleFor(MemoryType.PROJECT_NEGATIVE).triggers()).containsExactly("弱", "too expensive", "太贵", "pass");
        assertThat(lexicon.cues().softNegatives()).containsExactly("再看看", "hold off");
        assertThat(lexicon.cues().negations()).containsExactly("不", "not");
        assertThat(lexicon.cues().negated()).containsEntry(MemoryType.PROJECT_ADVANCE, Optional.of(MemoryType.PROJECT_NEGATIVE))
                .containsEntry(MemoryType.TEMP_STATUS, Optional.empty())
                .doesNotContainKey(MemoryType.PROJECT_POSITIVE);
        assertThat(lexicon.cues().neutral()).containsExactly("宝贵", "贵州");
        assertThat(lexicon.cues().questionMarkers()).containsExactly("?", "吗");
        assertThat(lexicon.synonyms().groups()).containsExactly(List.of("赛道小", "赛道窄", "small market"));
        assertThat(lexicon.stopWords()).containsExactly("一下", "可以");
    }

    @Test
    void triggerLinesMayComeBeforeTheirTypeLineAndRepeatNothing() {
        Lexicon lexicon = Lexicon.parse("trigger temp_status this week, 本周\n" + VALID_RULES);
        assertThat(lexicon.ruleFor(MemoryType.TEMP_STATUS).triggers()).containsExactly("本周", "this week");
    }

    @Test
    void parsesEntityAliasesSuffixesAndCommonWords() {
        Lexicon lexicon = Lexicon.parse(VALID_RULES + """
                entity 月之暗面, Moonshot, Kimi
                entity 智谱
                generic CEO, ARR
                suffix AI
                common pass, busy
                """);
        assertThat(lexicon.entityDictionary()).containsExactly("月之暗面", "智谱");
        assertThat(lexicon.entities().groups()).containsExactly(List.of("月之暗面", "Moonshot", "Kimi"), List.of("智谱"));
        assertThat(lexicon.genericWords()).containsExactly("CEO", "ARR", "AI");
        assertThat(lexicon.entities().nameSuffixes()).containsExactly("AI");
        assertThat(lexicon.entities().commonWords()).containsExactly("pass", "busy");
    }

    @Test
    void latinWordsOfTriggersAndCuesAreNeverNames() {
        Lexicon lexicon = Lexicon.parse(VALID_RULES + "trigger project_negative let's pass\nsoft_negative hold off\n");
        assertThat(lexicon.entityNames().commonWords()).contains("let's", "pass", "hold", "off");
    }

    @Test
    void defaultLexiconShipsCuesSynonymsAndAliases() {
        Lexicon lexicon = Lexicon.loadDefault();
        assertThat(lexicon.cues().negations()).contains("不", "没", "不是", "not");
        assertThat(lexicon.cues().softNegatives()).contains("再看看", "先放放", "hold off");
        assertThat(lexicon.cues().neutral()).contains("宝贵", "差不多");
        assertThat(lexicon.synonyms().canonical("市场小")).contains("赛道小");
        assertThat(lexicon.entities().groups()).contains(List.of("月之暗面", "Moonshot", "Moonshot AI", "Kimi"));
        assertThat(lexicon.ruleFor(MemoryType.PROJECT_NEGATIVE).triggers()).contains("too expensive", "pass");
    }

    @Test
    void lineNumbersCountCommentsAndBlankLines() {
        assertThatThrownBy(() -> Lexicon.parse("# one\n\n   \nbogus\n"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 4:");
    }

    @Test
    void everyTypeNeedsARule() {
        String withoutTemp = VALID_RULES.replace("type temp_status priority=0.3 ttl=P3D triggers=本周\n", "");
        assertThatThrownBy(() -> Lexicon.parse(withoutTemp))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("temp_status");
        assertThatThrownBy(() -> Lexicon.parse(""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no rule");
    }

    @Test
    void typeRuleValidatesItsValues() {
        assertThatThrownBy(() -> new TypeRule(MemoryType.TEMP_STATUS, List.of(), 0.3, Optional.empty(), false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TypeRule(MemoryType.TEMP_STATUS, List.of("x"), Double.NaN, Optional.empty(), false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TypeRule(MemoryType.TEMP_STATUS, List.of(" "), 0.3, Optional.empty(), false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TypeRule(MemoryType.TEMP_STATUS, List.of("x"), -0.1, Optional.empty(), false))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void typeRuleCopiesItsTriggers() {
        List<String> triggers = new java.util.ArrayList<>(List.of("本周"));
        TypeRule rule = new TypeRule(MemoryType.TEMP_STATUS, triggers, 0.3, Optional.of(Duration.ofDays(3)), false);
        triggers.add("下周");
        assertThat(rule.triggers()).containsExactly("本周");
    }
}
