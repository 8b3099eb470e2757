package dev.pmmemory.bootstrap;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.adapters.segmenter.hanlp.HanlpSegmenter;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.text.CharacterBigrams;
import dev.pmmemory.domain.text.Segmenter;
import dev.pmmemory.domain.text.TextAnalyzer;
import io.quarkus.runtime.configuration.ConfigurationException;
import java.util.List;
import org.jboss.logging.Logger;

/** {@code memory.text.segmenter}: which {@link Segmenter} cuts Chinese into recall terms, read at start. */
final class TextSegmentation {
    private static final Logger LOG = Logger.getLogger(TextSegmentation.class);
    static final List<String> SUPPORTED = List.of(CharacterBigrams.NAME, HanlpSegmenter.NAME);

    private TextSegmentation() {
    }

    /** The lexicon's words are the segmenter's user dictionary, so they come out whole. */
    static Segmenter segmenter(String value, Lexicon lexicon) {
        String name = value == null ? "" : value;
        if (name.equals(CharacterBigrams.NAME)) {
            LOG.debug("text segmenter: ngram (character bigrams)");
            return new CharacterBigrams();
        }
        if (name.equals(HanlpSegmenter.NAME)) {
            var words = TextAnalyzers.domainWords(lexicon);
            LOG.infof("text segmenter: hanlp, %d lexicon words as its user dictionary", words.size());
            return new HanlpSegmenter(words);
        }
        throw new ConfigurationException("memory.text.segmenter (env MEMORY_TEXT_SEGMENTER): unknown segmenter '"
                + value + "'; supported: " + String.join(", ", SUPPORTED));
    }
}
