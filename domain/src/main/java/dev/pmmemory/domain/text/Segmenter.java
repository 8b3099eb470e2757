package dev.pmmemory.domain.text;

import java.util.List;

/**
 * Cuts a run of Chinese (Han) characters into the words that become recall terms. Chinese has no
 * spaces, so the choice decides which terms two texts share: character bigrams (the JDK-only
 * {@link CharacterBigrams}, the default) or the words of a real segmenter, an adapter
 * ({@code memory.text.segmenter}) fed the lexicon's words as its user dictionary so that 估值,
 * 可以推进 or 月之暗面 come out whole.
 */
public interface Segmenter {

    /**
     * @param han a non-empty run of Han characters only (no spaces, Latin letters, digits or punctuation)
     * @return its words in text order; single characters may be among them
     */
    List<String> words(String han);

    /**
     * Whether the text is split at single-character stop words (的, 了, 我 …) before segmenting.
     * Bigrams need it, or 的 would glue every neighbour into a noise term; a dictionary segmenter
     * does not, it sees 有意思 whole and returns 的 as a word of its own.
     */
    default boolean splitsAtStopCharacters() {
        return false;
    }

    /** The configuration name ({@code memory.text.segmenter}), e.g. "ngram". */
    String name();
}
