package dev.pmmemory.bootstrap;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.adapters.segmenter.hanlp.HanlpSegmenter;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.text.CharacterBigrams;
import dev.pmmemory.domain.text.Segmenter;
import dev.pmmemory.domain.text.TextAnalyzer;
import org.jboss.logging.Logger;

/** {@code memory.text.segmenter}: which {@link Segmenter} cuts Chinese into recall terms, read at start. */
final class TextSegmentation {
    private static final Logger LOG = Logger.getLogger(TextSegmentation.class);

    private TextSegmentation() {
    }

    /** The lexicon's words are the segmenter's user dictionary, so they come out whole. */
    static Segmenter segmenter(SegmenterKind kind, Lexicon lexicon) {
        return switch (kind) {
            case NGRAM -> {
                LOG.debug("text segmenter: ngram (character bigrams)");
                yield new CharacterBigrams();
            }
            case HANLP -> {
                var words = TextAnalyzers.domainWords(lexicon);
                LOG.infof("text segmenter: hanlp, %d lexicon words as its user dictionary", words.size());
                yield new HanlpSegmenter(words);
            }
        };
    }
}
