package dev.pmmemory.domain.text;

import dev.pmmemory.domain.lexicon.Lexicon;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

class EntityExtractorTest {
    private static final EntityRuleWords WORDS = Lexicon.loadDefault().entityRules();


    private static final Set<String> DICTIONARY = Set.of("智谱", "月之暗面", "百川智能", "MiniMax", "零一万物", "阶跃星辰");
    private static final Set<String> GENERIC = Set.of("AI", "VC", "PE", "LLM", "GPU", "SaaS", "CEO", "CTO", "IPO", "AGI", "API");

    private final EntityExtractor extractor = new EntityExtractor(DICTIONARY, GENERIC, WORDS);
    private final EntityExtractor noDictionary = new EntityExtractor(Set.of(), GENERIC, WORDS);

    static Stream<Arguments> latinNames() {
        return Stream.of(
                arguments("OpenAI 估值高", List.of("OpenAI")),
                arguments("Anthropic 可以推进", List.of("Anthropic")),
                arguments("Mistral AI 不错", List.of("Mistral AI")),
                arguments("Figure AI 有意思", List.of("Figure AI")),
                arguments("ＯｐｅｎＡＩ 估值高", List.of("OpenAI")),
                arguments("OpenAI 和 Anthropic 都可以推进", List.of("OpenAI", "Anthropic")),
                arguments("OpenAI, Anthropic, OpenAI again", List.of("OpenAI", "Anthropic")),
                arguments("I think OpenAI is too expensive.", List.of("OpenAI")),
                arguments("The Anthropic deal looks good", List.of("Anthropic")),
                arguments("Let's meet Anthropic next week", List.of("Anthropic")),
                arguments("Please also check Scale AI.", List.of("Scale AI")),
                arguments("Maybe. No. Yes. OK", List.of()),
                arguments("openai 和 OPENAI 是同一家", List.of("OPENAI")),
                arguments("AI 赛道最近热", List.of()),
                arguments("VC 都在看 LLM 和 GPU", List.of()),
                arguments("AI Anthropic 不错", List.of("Anthropic")),
                arguments("OpenAI's valuation", List.of("OpenAI")),
                arguments("iPhone 卖得好", List.of()),
                arguments("Anthropic  OpenAI", List.of("Anthropic", "OpenAI")),
                arguments("Anthropic I think is fine", List.of("Anthropic")),
                arguments("AT&T and Procter-Gamble", List.of("AT&T", "Procter-Gamble")));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @MethodSource("latinNames")
    void capitalisedLatinNames(String text, List<String> expected) {
        assertThat(noDictionary.extract(text)).containsExactlyElementsOf(expected);
    }

    static Stream<Arguments> chineseNames() {
        return Stream.of(
                arguments("智谱公司", List.of("智谱")),
                arguments("月之暗面公司估值高", List.of("月之暗面")),
                arguments("我更倾向海外早期项目", List.of()),
                arguments("以后少推国内大模型项目", List.of()),
                arguments("这家公司不错", List.of()),
                arguments("该项目可以推进", List.of()),
                arguments("一个项目", List.of()),
                arguments("看了智谱公司和深言项目", List.of("智谱", "深言")),
                arguments("月之暗面科技有限公司", List.of("月之暗面")),
                arguments("国内科技公司", List.of()),
                arguments("某知名国内大模型公司", List.of()),
                arguments("深度求索公司的项目", List.of("深度求索")),
                arguments("极其出色的新公司", List.of()),
                arguments("这个AI项目", List.of()),
                arguments("宇树科技公司看好", List.of("宇树")),
                arguments("超长名字测试标识公司", List.of("测试标识")));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @MethodSource("chineseNames")
    void chineseNamesBeforeCompanyOrProject(String text, List<String> expected) {
        assertThat(noDictionary.extract(text)).containsExactlyElementsOf(expected);
    }

    static Stream<Arguments> dictionaryNames() {
        return Stream.of(
                arguments("智谱AI 估值高", List.of("智谱")),
                arguments("智谱ＡＩ估值高", List.of("智谱")),
                arguments("minimax 和 百川智能 都不错", List.of("MiniMax", "百川智能")),
                arguments("零一万物公司可以推进", List.of("零一万物")),
                arguments("阶跃星辰、智谱、月之暗面", List.of("阶跃星辰", "智谱", "月之暗面")),
                arguments("minimaxing 不是名字", List.of()),
                arguments("OpenAI 和智谱公司", List.of("OpenAI", "智谱")));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @MethodSource("dictionaryNames")
    void dictionaryNamesAnywhere(String text, List<String> expected) {
        assertThat(extractor.extract(text)).containsExactlyElementsOf(expected);
    }

    @Test
    void longestDictionaryNameWinsOnOverlap() {
        EntityExtractor overlapping = new EntityExtractor(Set.of("百川", "百川智能", "智能体"), Set.of(), WORDS);
        assertThat(overlapping.extract("百川智能体验不错")).containsExactly("百川智能");
        assertThat(overlapping.extract("百川和百川智能")).containsExactly("百川", "百川智能");
    }

    @Test
    void dictionaryDisplayFormIsKept() {
        assertThat(extractor.extract("MINIMAX 估值高")).containsExactly("MiniMax");
    }

    @Test
    void genericTokenIsNotASharedEntity() {
        List<String> zhipu = extractor.extract("智谱AI 商业化弱");
        List<String> figure = extractor.extract("Figure AI 可以推进");
        assertThat(zhipu).containsExactly("智谱");
        assertThat(figure).containsExactly("Figure AI");
        assertThat(zhipu.stream().map(TextNormalizer::nfkcLower))
                .doesNotContainAnyElementsOf(figure.stream().map(TextNormalizer::nfkcLower).toList());
    }

    @Test
    void genericWordsCompareCaseInsensitively() {
        EntityExtractor lowerGeneric = new EntityExtractor(Set.of(), Set.of("ai", "saas"), WORDS);
        assertThat(lowerGeneric.extract("AI SaaS 都在火")).isEmpty();
    }

    private static final EntityNames NAMES = new EntityNames(
            List.of(List.of("月之暗面", "Moonshot", "Moonshot AI", "Kimi"), List.of("智谱", "智谱AI", "Zhipu"),
                    List.of("Runway")),
            Set.of("AI", "CEO", "API", "出海", "币圈", "类", "部分"), Set.of("AI"), Set.of("pass", "interested", "runway"));
    private final EntityExtractor withAliases = new EntityExtractor(NAMES, WORDS);

    static Stream<Arguments> aliases() {
        return Stream.of(
                arguments("Kimi 估值高", List.of("月之暗面")),
                arguments("Moonshot AI 可以推进", List.of("月之暗面")),
                arguments("月之暗面和 Kimi 是一家", List.of("月之暗面")),
                arguments("kimi 和 zhipu", List.of("月之暗面", "智谱")),
                arguments("智谱AI 和 Figure AI", List.of("智谱", "Figure AI")));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @MethodSource("aliases")
    void everyAliasNamesTheCanonicalEntity(String text, List<String> expected) {
        assertThat(withAliases.extract(text)).containsExactlyElementsOf(expected);
    }

    static Stream<Arguments> boundaries() {
        return Stream.of(
                arguments("OpenAI CEO 最近动作很多", List.of("OpenAI")),
                arguments("OpenAI API 太贵", List.of("OpenAI")),
                arguments("Scale AI's moat", List.of("Scale AI")),
                arguments("Pass on Anthropic", List.of("Anthropic")),
                arguments("Interested in Cohere", List.of("Cohere")),
                arguments("不喜欢To C的项目", List.of()),
                arguments("Runway is too expensive", List.of("Runway")),
                arguments("runway 只剩 12 个月", List.of()),
                arguments("少推出海项目", List.of()),
                arguments("不要再推币圈项目了", List.of()),
                arguments("少推消费类项目", List.of()),
                arguments("期间可以线下见项目", List.of()),
                arguments("赛道很热，但大部分公司估值都偏高", List.of()));
    }

    @ParameterizedTest(name = "{0} → {1}")
    @MethodSource("boundaries")
    void namesEndAtGenericWordsThatAreNoSuffixAndSentenceWordsAreNoNames(String text, List<String> expected) {
        assertThat(withAliases.extract(text)).containsExactlyElementsOf(expected);
    }

    @Test
    void mentionsKeepTheWordsAsWritten() {
        assertThat(withAliases.mentions("Kimi 和深言项目")).containsExactly(
                new EntityExtractor.Mention("Kimi", "月之暗面", true),
                new EntityExtractor.Mention("深言", "深言", false));
    }

    @Test
    void nothingInPlainText() {
        assertThat(extractor.extract("本周在路上")).isEmpty();
        assertThat(extractor.extract("")).isEmpty();
    }
}
