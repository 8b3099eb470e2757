package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.adapters.segmenter.hanlp.HanlpSegmenter;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.text.CharacterBigrams;
import io.quarkus.runtime.configuration.ConfigurationException;
import org.junit.jupiter.api.Test;

/** memory.text.segmenter: the two segmenters by their exact names; anything else stops the start. */
class TextSegmentationTest {

    private static final Lexicon LEXICON = Lexicon.loadDefault();

    @Test
    void theTwoSegmentersByName() {
        assertThat(TextSegmentation.segmenter(SegmenterKind.parse("ngram"), LEXICON)).isInstanceOf(CharacterBigrams.class);
        assertThat(TextSegmentation.segmenter(SegmenterKind.parse("hanlp"), LEXICON)).isInstanceOf(HanlpSegmenter.class);
    }

    @Test
    void hanlpGetsTheLexiconsWordsAsItsUserDictionary() {
        assertThat(TextSegmentation.segmenter(SegmenterKind.parse("hanlp"), LEXICON).words("阶跃星辰可以推进")).contains("阶跃星辰", "可以推进");
    }

    @Test
    void anUnknownSegmenterIsAClearConfigurationError() {
        for (String bad : new String[] {"jieba", "HanLP", "", " ngram", "bigram"}) {
            assertThatThrownBy(() -> SegmenterKind.parse(bad))
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("memory.text.segmenter")
                    .hasMessageContaining("MEMORY_TEXT_SEGMENTER")
                    .hasMessageContaining("'" + bad + "'")
                    .hasMessageContaining("supported: ngram, hanlp");
        }
    }
}
