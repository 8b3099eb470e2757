package dev.pmmemory.adapters.segmenter.hanlp;

import com.hankcs.hanlp.collection.trie.DoubleArrayTrie;
import com.hankcs.hanlp.collection.trie.bintrie.BinTrie;
import com.hankcs.hanlp.dictionary.CoreDictionary;
import com.hankcs.hanlp.corpus.tag.Nature;
import com.hankcs.hanlp.dictionary.DynamicCustomDictionary;
import com.hankcs.hanlp.seg.Segment;
import com.hankcs.hanlp.seg.Viterbi.ViterbiSegment;
import com.hankcs.hanlp.seg.common.Term;
import dev.pmmemory.domain.text.Segmenter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeMap;

/**
 * HanLP's Viterbi segmenter (core dictionary and bigram model, loaded from its jar's
 * {@code data/dictionary/} on first use) with a user dictionary of this instance's own: the
 * lexicon's words ({@code TextAnalyzer.domainWords}) are forced whole, so 估值 / 可以推进 / 月之暗面
 * never come out cut. HanLP's own custom dictionary (3 MB, mostly general vocabulary) is not
 * loaded: the user dictionary starts empty and is not shared with other instances.
 *
 * <p>Index mode: a long word also yields the dictionary words inside it (估值太高 → 估值太高, 估值,
 * 太高), so a query naming only a part still shares a term. Without it recall@3 fell one case
 * below bigrams on each retrieval set (bench/eval/README.md, "Word segmentation").
 */
public final class HanlpSegmenter implements Segmenter {

    public static final String NAME = "hanlp";

    /** High enough that a user word wins over HanLP's own cut of the same characters. */
    private static final int USER_WORD_FREQUENCY = 1024;
    private static final String PLACEHOLDER = "\u3007\u3007";

    private final Segment segment;

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
        List<Term> terms = segment.seg(han);
        List<String> words = new ArrayList<>(terms.size());
        for (Term term : terms) {
            words.add(term.word);
        }
        return words;
    }

    @Override
    public String name() {
        return NAME;
    }
}
