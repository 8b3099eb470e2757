package dev.pmmemory.bootstrap;

import dev.pmmemory.adapters.segmenter.hanlp.HanlpSegmenter;
import dev.pmmemory.domain.text.CharacterBigrams;
import org.eclipse.microprofile.config.spi.Converter;

/** The values of {@code memory.text.segmenter}: which segmenter cuts Chinese into recall terms. */
public enum SegmenterKind {
    /** Character bigrams, JDK only. */
    NGRAM(CharacterBigrams.NAME),
    /** Word segmentation, the lexicon's words kept whole. */
    HANLP(HanlpSegmenter.NAME);

    private final String value;

    SegmenterKind(String value) {
        this.value = value;
    }

    /** The name a text index version records. */
    String value() {
        return value;
    }

    static SegmenterKind parse(String value) {
        return ConfigChoice.named("memory.text.segmenter", "segmenter", values(), SegmenterKind::value, value);
    }

    /** Reads {@code memory.text.segmenter} by its exact names. */
    public static final class Setting implements Converter<SegmenterKind> {
        @Override
        public SegmenterKind convert(String value) {
            return parse(value);
        }
    }
}
