package dev.pmmemory.adapters.segmenter.hanlp;

import com.hankcs.hanlp.collection.trie.DoubleArrayTrie;
import com.hankcs.hanlp.collection.trie.bintrie.BinTrie;
import com.hankcs.hanlp.dictionary.CoreDictionary;
import com.hankcs.hanlp.corpus.tag.Nature;
import com.hankcs.hanlp.dictionary.DynamicCustomDictionary;
import com.hankcs.hanlp.seg.Segment;
import com.hankcs.hanlp.seg.Viterbi.ViterbiSegment;
import com.hankcs.hanlp.seg.common.Term;
import dev.pmmemory.domain.text.KeywordExtractor;
import dev.pmmemory.domain.text.Segmenter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * HanLP's Viterbi segmenter (core dictionary and bigram model, loaded from its jar's
 * {@code data/dictionary/} on first use) with a user dictionary of this instance's own: the
 * lexicon's words ({@code TextAnalyzer.domainWords}) are forced whole, so 估值 / 可以推进 / 月之暗面
 * never come out cut. HanLP's own custom dictionary (3 MB, mostly general vocabulary) is not
 * loaded: the user dictionary starts empty and is not shared with other instances.
 *
 * <p>One analysis for stored text and queries: the Viterbi cut of a run depends on its neighbours
 * (长文本有亮点 is cut 长 / 文本 / 有 / 亮点, 长文本 alone stays whole), so the terms of a run are its
 * coarse words (index mode: a long word also gives the words inside it), every dictionary word of
 * 2+ characters anywhere inside the run (core and user dictionary), and the character bigrams
 * holding a character no such word covers (液冷, 捕集: words neither dictionary has). A query of any
 * dictionary word of a stored text then shares that word with it, and a query of an unknown word
 * shares a bigram, whatever the context cut (bench/eval/README.md, "One analysis").
 */
public final class HanlpSegmenter implements Segmenter {

    public static final String NAME = "hanlp";

    /** High enough that a user word wins over HanLP's own cut of the same characters. */
    private static final int USER_WORD_FREQUENCY = 1024;
    /** Below this count in HanLP's corpus a name is too rare to be a term of its own (rareName). */
    private static final int RARE = 3;
    private static final String PLACEHOLDER = "\u3007\u3007";

    /** The keyword extractor's function characters: never part of an unknown word's bigram. */
    private static final Set<String> STOP_CHARACTERS = KeywordExtractor.defaultStopWords();

    private final Segment segment;
    private final DoubleArrayTrie<CoreDictionary.Attribute> userWords;

    /** @param userWords words that must come out whole (Han only; others are harmless but useless) */
    public HanlpSegmenter(Collection<String> userWords) {
        this(userWords, true);
    }

    /** @param indexMode also the words inside a long word (the product uses it; off only for the comparison) */
    HanlpSegmenter(Collection<String> userWords, boolean indexMode) {
        TreeMap<String, CoreDictionary.Attribute> words = new TreeMap<>();
        for (String word : userWords) {
            if (!word.isBlank()) {
                // nz (other proper noun) is a nature HanLP has: an unknown one would be added by reflection
                words.put(word.strip(), new CoreDictionary.Attribute(Nature.nz, USER_WORD_FREQUENCY));
            }
        }
        words.putIfAbsent(PLACEHOLDER, new CoreDictionary.Attribute(Nature.nz, 1)); // a trie cannot be built empty
        DoubleArrayTrie<CoreDictionary.Attribute> trie = new DoubleArrayTrie<>();
        trie.build(words);
        this.userWords = trie;
        // null paths: nothing is read from disk, the dictionary is this instance's own
        DynamicCustomDictionary dictionary = new DynamicCustomDictionary(trie, new BinTrie<>(), null);
        // Person / place recognition would glue a name onto its neighbours; only words matter here.
        this.segment = new ViterbiSegment()
                .enableCustomDictionary(dictionary)
                .enableCustomDictionaryForcing(true)
                .enableNameRecognize(false)
                .enableTranslatedNameRecognize(false)
                .enableJapaneseNameRecognize(false)
                .enablePlaceRecognize(false)
                .enableOrganizationRecognize(false)
                .enablePartOfSpeechTagging(false)
                .enableIndexMode(indexMode);
    }

    @Override
    public List<String> words(String han) {
        Set<String> words = new LinkedHashSet<>();
        boolean[] covered = new boolean[han.length()];
        int at = 0;
        for (Term term : segment.seg(han)) {
            String word = term.word;
            words.add(word);
            int start = han.indexOf(word, at);
            if (start >= 0 && !indexSubWord(word, start, at)) {
                at = start + word.length();
                if (word.codePointCount(0, word.length()) >= 2) {
                    java.util.Arrays.fill(covered, start, at, true);
                }
            }
        }
        dictionaryWordsInside(CoreDictionary.trie, han, words, covered);
        dictionaryWordsInside(userWords, han, words, covered);
        unknownBigrams(han, covered, words);
        return new ArrayList<>(words);
    }

    /** Index mode lists a long word's parts after it; they do not move the cut forward. */
    private static boolean indexSubWord(String word, int start, int at) {
        return start < at;
    }

    /**
     * Every dictionary word of 2+ characters inside {@code han} (core and user dictionary), across the coarse
     * cut too: 长文本 alone is cut 长文 / 本, and in 长文本有亮点 长 / 文本, so only all the words inside a run
     * give a query and a stored text the same terms for the same characters.
     */
    private void dictionaryWordsInside(DoubleArrayTrie<CoreDictionary.Attribute> dictionary, String han,
                                       Set<String> words, boolean[] covered) {
        dictionary.parseText(han, (begin, end, value) -> {
            int length = han.codePointCount(begin, end);
            String word = han.substring(begin, end);
            if (length >= 2 && !word.equals(PLACEHOLDER) && !rareName(value)) {
                words.add(word);
                java.util.Arrays.fill(covered, begin, end, true);
            }
        });
    }

    /**
     * A person's or place's name HanLP's core dictionary saw once or twice (向海 in 倾向海外): noise across
     * words. Names that matter are the lexicon's, in the user dictionary.
     */
    static boolean rareName(CoreDictionary.Attribute value) {
        if (value == null || value.nature == null || value.nature.length == 0 || value.totalFrequency >= RARE) {
            return false;
        }
        String nature = value.nature[0].toString();
        return nature.startsWith("nr") || nature.startsWith("ns") || nature.startsWith("nt");
    }

    /**
     * The bigrams (of code points) of adjacent characters no word of 2+ characters covers (液冷, 澄光 / 光脑:
     * words neither dictionary has, cut into single characters), function characters (的, 有, 很 …) apart. A
     * bigram holding one covered character would also join a word to its neighbour (讲故, 说保): keyword
     * precision on bench/eval fell from 0.94 to 0.84 with it.
     */
    private void unknownBigrams(String han, boolean[] covered, Set<String> words) {
        int first = 0;
        while (first < han.length()) {
            int second = han.offsetByCodePoints(first, 1);
            if (second >= han.length()) {
                return;
            }
            int end = han.offsetByCodePoints(second, 1);
            if (!covered[first] && !covered[second] && !functionCharacter(han.substring(first, second))
                    && !functionCharacter(han.substring(second, end))) {
                words.add(han.substring(first, end));
            }
            first = second;
        }
    }

    private boolean functionCharacter(String character) {
        return STOP_CHARACTERS.contains(character) || userWords.exactMatchSearch(character) >= 0;
    }

    @Override
    public String name() {
        return NAME;
    }
}
