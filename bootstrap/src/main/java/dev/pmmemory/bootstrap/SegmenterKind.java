package dev.pmmemory.bootstrap;

import org.eclipse.microprofile.config.spi.Converter;

/**
 * The values of {@code memory.text.segmenter}: which segmenter cuts Chinese into recall terms. Its name
 * ({@code ngram}, {@code hanlp}) is also what a text index version records.
 */
public enum SegmenterKind {
    /** Character bigrams, JDK only. */
    NGRAM,
    /** Word segmentation, the lexicon's words kept whole. */
    HANLP;

    private static final ConfigChoice<SegmenterKind> SETTING =
            new ConfigChoice<>("memory.text.segmenter", "segmenter", values());

    static SegmenterKind parse(String value) {
        return SETTING.read(value);
    }

    /** Reads {@code memory.text.segmenter}: {@code ngram} or {@code hanlp}. */
    public static final class Setting implements Converter<SegmenterKind> {
        @Override
        public SegmenterKind convert(String value) {
            return parse(value);
        }
    }
}
