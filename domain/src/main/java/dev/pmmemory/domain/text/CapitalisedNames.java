package dev.pmmemory.domain.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * "Kestrel Robotics", "Notion": a run of capitalised Latin words is a name, sentence words and generic
 * words aside ("The", "CEO"); a generic word that is a name suffix continues a name ("Figure AI").
 */
final class CapitalisedNames implements NameRule {

    /** A capitalised Latin word: not glued to a preceding Latin letter/digit (so "iPhone" has no word "Phone"). */
    private static final Pattern LATIN_WORD =
            Pattern.compile("(?<![\\p{IsLatin}\\p{Nd}])[\\p{Lu}&&\\p{IsLatin}][\\p{IsLatin}\\p{Nd}&.\\-]*");
    private static final String WORD_TRAILING_PUNCTUATION = ".&-";

    private final Set<String> commonWords;
    private final Set<String> genericWords;
    private final Set<String> nameSuffixes;

    /** All lower case: sentence and common words, generic words, and the generic words that may end a name. */
    CapitalisedNames(Set<String> commonWords, Set<String> genericWords, Set<String> nameSuffixes) {
        this.commonWords = Set.copyOf(commonWords);
        this.genericWords = Set.copyOf(genericWords);
        this.nameSuffixes = Set.copyOf(nameSuffixes);
    }

    @Override
    public void find(ScannedText text, List<Span> found) {
        String nfkc = text.nfkc();
        Matcher matcher = LATIN_WORD.matcher(nfkc);
        List<Span> run = new ArrayList<>();
        while (matcher.find()) {
            int end = matcher.end();
            while (end > matcher.start() + 1 && WORD_TRAILING_PUNCTUATION.indexOf(nfkc.charAt(end - 1)) >= 0) {
                end--;
            }
            Span word = new Span(matcher.start(), end, nfkc.substring(matcher.start(), end));
            if (!run.isEmpty() && !followsWithSingleSpace(nfkc, run.get(run.size() - 1), word)) {
                flushRun(nfkc, run, found);
            }
            run.add(word);
        }
        flushRun(nfkc, run, found);
    }

    private static boolean followsWithSingleSpace(String nfkc, Span previous, Span word) {
        return word.start() == previous.end() + 1 && nfkc.charAt(previous.end()) == ' ';
    }

    /**
     * Splits a run of capitalised words at sentence words, drops leading generic words, and ends a
     * name at a generic word that is not a name suffix ("OpenAI CEO" → OpenAI, "Figure AI" stays).
     */
    private void flushRun(String nfkc, List<Span> run, List<Span> out) {
        List<Span> part = new ArrayList<>();
        for (Span word : run) {
            String key = TextNormalizer.nfkcLower(word.name());
            boolean generic = genericWords.contains(key);
            if (!part.isEmpty() && nameSuffixes.contains(key)) {
                part.add(word); // a name suffix continues a name even when it is also a word ("Kestrel Robotics")
            } else if (commonWords.contains(key) || (generic && !nameSuffixes.contains(key))) {
                emitName(nfkc, part, out);
                part.clear();
            } else if (!part.isEmpty() || !generic) {
                part.add(word); // name suffixes are kept inside a name ("Figure AI") but never start one
            }
        }
        emitName(nfkc, part, out);
        run.clear();
    }

    /** A single Latin letter ("C" of "To C") is never a name, nor a model number (H100, L4, B200). */
    private static void emitName(String nfkc, List<Span> words, List<Span> out) {
        if (!words.isEmpty()) {
            int start = words.get(0).start();
            int end = words.get(words.size() - 1).end();
            if (nfkc.codePointCount(start, end) > 1
                    && !NameGuards.MODEL_NUMBER.matcher(nfkc.substring(start, end)).matches()) {
                out.add(new Span(start, end, nfkc.substring(start, end)));
            }
        }
    }
}
