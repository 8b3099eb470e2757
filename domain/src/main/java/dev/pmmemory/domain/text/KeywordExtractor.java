package dev.pmmemory.domain.text;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The query-able terms of a text, in {@link TextNormalizer#nfkcLower} form.
 * Chinese has no spaces, so Han runs are cut into words by a {@link Segmenter}: character bigrams
 * by default ("海外早期项目" and "我更倾向海外早期项目" then share 海外 / 早期 / 项目 instead of being two
 * unrelated tokens), or the words of a real segmenter.
 */
public final class KeywordExtractor {

    /** English function words and Chinese function characters; single Han characters also split Han runs. */
    private static final Set<String> DEFAULT_STOP_WORDS = Set.of(
            // English
            "a", "an", "the", "and", "or", "but", "not", "no", "is", "are", "was", "were", "be", "been",
            "am", "do", "does", "did", "to", "of", "in", "on", "at", "by", "for", "with", "from", "as",
            "it", "its", "this", "that", "these", "those", "there", "i", "me", "my", "we", "us", "our",
            "you", "your", "he", "she", "they", "them", "his", "her", "their", "so", "too", "very", "just",
            "can", "will", "would", "should", "could", "if", "then", "than", "also", "please", "ok", "okay",
            "let", "let's", "lets", "don't", "dont", "about", "into", "up", "out", "all", "any", "some",
            // Chinese
            "的", "了", "吗", "呢", "吧", "啊", "呀", "哦", "嘛", "和", "与", "及", "也", "都", "很", "就", "还",
            "我", "你", "他", "她", "它", "们", "是", "在", "有", "这", "那", "个");

    private final Set<String> stopWords;
    private final Synonyms synonyms;
    private final Segmenter segmenter;

    public KeywordExtractor() {
        this(DEFAULT_STOP_WORDS);
    }

    /** @param stopWords terms never returned; single Han characters among them also split Han runs */
    public KeywordExtractor(Set<String> stopWords) {
        this(stopWords, Synonyms.NONE);
    }

    /**
     * @param synonyms a text containing a word of a synonym group also gets the group's canonical
     *                 term, so "市场小" and "赛道窄", or "valuation" and "估值", share a term
     */
    public KeywordExtractor(Set<String> stopWords, Synonyms synonyms) {
        this(stopWords, synonyms, new CharacterBigrams());
    }

    /** @param segmenter cuts Han runs into words ({@link CharacterBigrams} by default) */
    public KeywordExtractor(Set<String> stopWords, Synonyms synonyms, Segmenter segmenter) {
        this.segmenter = Objects.requireNonNull(segmenter, "segmenter");
        Set<String> normalised = new LinkedHashSet<>();
        for (String word : stopWords) {
            normalised.add(TextNormalizer.nfkcLower(word));
        }
        this.stopWords = Collections.unmodifiableSet(normalised);
        this.synonyms = synonyms;
    }

    public static Set<String> defaultStopWords() {
        return DEFAULT_STOP_WORDS;
    }

    /** Terms of the text, canonical terms of its synonyms, then the given entities (nfkcLower), in first-seen order. */
    public Set<String> keywords(String text, List<String> entities) {
        return keywords(text, entities, List.of());
    }

    /**
     * As {@link #keywords(String, List)}, with the entity mentions as word boundaries. A dictionary
     * name is cut out of the text (its entity term stands for it, whichever alias was written):
     * "阶跃星辰可以投" gives 以投 and 阶跃星辰, not also 阶跃 / 跃星 / 星辰 / 辰可, and "Kimi 估值高" no
     * separate "kimi". A name found by a heuristic is kept as a word of its own ("深言项目" gives
     * 深言 and 项目, not 言项), because a query may name it without the context that found it.
     * Fewer noise terms make a shared entity count for more in the set similarity.
     */
    public Set<String> keywords(String text, List<String> entities, List<EntityExtractor.Mention> mentions) {
        String lower = TextNormalizer.nfkcLower(text);
        // one pass per distinct name, not per mention: replace() handles every occurrence (a long message that
        // names one company a hundred times would otherwise be rebuilt a hundred times)
        Map<String, Boolean> names = new LinkedHashMap<>();
        for (EntityExtractor.Mention mention : mentions) {
            names.merge(TextNormalizer.nfkcLower(mention.surface()).strip(), mention.fromDictionary(), Boolean::logicalOr);
        }
        for (Map.Entry<String, Boolean> name : names.entrySet()) {
            String words = name.getKey();
            lower = replace(lower, words, name.getValue() ? " " : " " + words + " ");
        }
        Set<String> terms = new LinkedHashSet<>();
        StringBuilder word = new StringBuilder();
        StringBuilder han = new StringBuilder();
        for (int i = 0; i < lower.length(); ) {
            int cp = lower.codePointAt(i);
            i += Character.charCount(cp);
            if (isHan(cp) && !(segmenter.splitsAtStopCharacters() && stopWords.contains(new String(Character.toChars(cp))))) {
                flushWord(word, terms);
                han.appendCodePoint(cp);
            } else if (!isHan(cp) && Character.isLetterOrDigit(cp)) {
                flushHan(han, terms);
                word.appendCodePoint(cp);
            } else {
                // whitespace, punctuation, symbols and Han stop characters all end the current run
                flushWord(word, terms);
                flushHan(han, terms);
            }
        }
        flushWord(word, terms);
        flushHan(han, terms);
        terms.addAll(synonyms.canonicalTerms(TextNormalizer.nfkcLower(text)));
        for (String entity : entities) {
            String key = TextNormalizer.nfkcLower(entity).strip();
            if (!key.isEmpty()) {
                terms.add(key);
            }
        }
        return Collections.unmodifiableSet(terms);
    }

    /** Every occurrence of the words replaced, never inside a longer Latin word. */
    private static String replace(String text, String words, String replacement) {
        if (words.isEmpty()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int from = 0;
        for (int at = text.indexOf(words); at >= 0; at = text.indexOf(words, at + 1)) {
            int end = at + words.length();
            boolean inside = (at > 0 && Units.isWordChar(text.codePointBefore(at)) && Units.isWordChar(words.codePointAt(0)))
                    || (end < text.length() && Units.isWordChar(text.codePointAt(end))
                        && Units.isWordChar(words.codePointBefore(words.length())));
            if (!inside && at >= from) {
                out.append(text, from, at).append(replacement);
                from = end;
            }
        }
        return out.append(text.substring(from)).toString();
    }

    /** A Latin/digit word; single letters ("s" of "let's") carry no meaning. */
    private void flushWord(StringBuilder word, Set<String> terms) {
        String w = word.toString();
        word.setLength(0);
        boolean singleLetter = w.codePointCount(0, w.length()) == 1 && Character.isLetter(w.codePointAt(0));
        if (!w.isEmpty() && !singleLetter && !stopWords.contains(w)) {
            terms.add(w);
        }
    }

    /**
     * A Han run: its words, stop words left out. A single character is a term only when it is the
     * whole run ("弱" alone); inside a run (推 of 少推国内大模型) it carries too little meaning.
     */
    private void flushHan(StringBuilder han, Set<String> terms) {
        String run = han.toString();
        han.setLength(0);
        if (run.isEmpty()) {
            return;
        }
        boolean lone = run.codePointCount(0, run.length()) == 1;
        for (String word : segmenter.words(run)) {
            boolean single = word.codePointCount(0, word.length()) == 1;
            if (!word.isEmpty() && !stopWords.contains(word) && (lone || !single)) {
                terms.add(word);
            }
        }
    }

    private static boolean isHan(int cp) {
        return Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
    }
}
