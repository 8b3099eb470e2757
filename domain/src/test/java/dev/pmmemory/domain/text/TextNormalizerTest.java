package dev.pmmemory.domain.text;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class TextNormalizerTest {

    @ParameterizedTest(name = "normalise({0}) = {1}")
    @CsvSource(delimiter = '|', textBlock = """
            OpenAI 估值高！           | openai估值高
            openai估值高              | openai估值高
            ＯｐｅｎＡＩ　估值高。    | openai估值高
            '  Anthropic, 可以推进… ' | anthropic可以推进
            以后少推「国内」大模型！？ | 以后少推国内大模型
            Mistral-AI: $100M+ (A轮)  | mistralai100ma轮
            'tab\there'               | tabhere
            ''                        | ''
            """)
    void normaliseRemovesCaseWidthWhitespaceAndPunctuation(String input, String expected) {
        assertThat(TextNormalizer.normalise(input)).isEqualTo(expected);
    }

    @Test
    void sameFeedbackWrittenDifferentlyNormalisesEqual() {
        assertThat(TextNormalizer.normalise("OpenAI 估值高！"))
                .isEqualTo(TextNormalizer.normalise("openai估值高"));
    }

    @Test
    void removesInvisibleCharacters() {
        assertThat(TextNormalizer.normalise("Open\u200BAI\u00A0估值\u3000高\n")).isEqualTo("openai估值高");
    }

    @ParameterizedTest(name = "nfkcLower({0}) = {1}")
    @CsvSource(delimiter = '|', textBlock = """
            OpenAI       | openai
            ＯｐｅｎＡＩ | openai
            Mistral AI   | mistral ai
            智谱ＡＩ      | 智谱ai
            ﬁgure        | figure
            """)
    void nfkcLowerFoldsWidthAndCaseButKeepsSpaces(String input, String expected) {
        assertThat(TextNormalizer.nfkcLower(input)).isEqualTo(expected);
    }
}
