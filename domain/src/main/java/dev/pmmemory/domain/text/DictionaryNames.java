package dev.pmmemory.domain.text;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names the dictionary lists, found anywhere in a text: authoritative, so a heuristic name that
 * overlaps one is dropped ("零一万物公司" is 零一万物, not "万物").
 */
final class DictionaryNames {

    /**
     * The first word of a dictionary name, used alone as the name: "Scale 估值太高" (Scale AI),
     * "Figure's humanoid" (Figure AI). Capitalised, and followed by Chinese or a possessive, so that
     * "scale", "figure out" or "Scale matters" stay words.
     */
    private static final Pattern FIRST_WORD_AS_NAME =
            Pattern.compile("(?<![\\p{IsLatin}\\p{Nd}])(\\p{Lu}[\\p{IsLatin}]+)(?=\\s*\\p{IsHan}|['’]s\\b)");

    private final List<Entry> entries;
    /** "scale" → Scale AI: first words of dictionary names whose other words are name suffixes. */
    private final Map<String, String> firstWords;
    private final Set<String> commonWords;

    /**
     * @param nameSuffixes the generic words that may end a name, lower case
     * @param commonWords  Latin words that are a name only when capitalised (runway / Runway), lower case
     */
    DictionaryNames(EntityNames names, Set<String> nameSuffixes, Set<String> commonWords, TraditionalChars traditional) {
        List<Entry> all = new ArrayList<>();
        Map<String, String> first = new LinkedHashMap<>();
        for (List<String> group : names.groups()) {
            String canonical = group.get(0);
            for (String alias : group) {
                String key = traditional.simplify(
                        HanText.fold(Normalizer.normalize(Objects.requireNonNull(alias), Normalizer.Form.NFKC))).strip();
                if (!key.isEmpty()) {
                    all.add(new Entry(canonical, key));
                }
                String[] words = TextNormalizer.nfkcLower(alias).strip().split("\\s+");
                if (words.length >= 2 && Arrays.stream(words, 1, words.length).allMatch(nameSuffixes::contains)) {
                    first.putIfAbsent(words[0], canonical);
                }
            }
        }
        this.entries = List.copyOf(all);
        this.firstWords = Collections.unmodifiableMap(first);
        this.commonWords = Set.copyOf(commonWords);
    }

    /** Where two dictionary names overlap the longest wins, then the earliest. */
    List<Span> find(ScannedText text) {
        String nfkc = text.nfkc();
        String folded = text.folded();
        List<Span> found = new ArrayList<>();
        for (Entry name : entries) {
            for (int at = folded.indexOf(name.key()); at >= 0; at = folded.indexOf(name.key(), at + 1)) {
                if (atLatinBoundaries(folded, at, at + name.key().length())
                        && !commonWordInLowerCase(nfkc.substring(at, at + name.key().length()))) {
                    found.add(new Span(at, at + name.key().length(), name.display()));
                }
            }
        }
        Matcher firstWord = FIRST_WORD_AS_NAME.matcher(nfkc);
        while (firstWord.find()) {
            String canonical = firstWords.get(firstWord.group(1).toLowerCase(Locale.ROOT));
            if (canonical != null) {
                found.add(new Span(firstWord.start(1), firstWord.end(1), canonical));
            }
        }
        // the name breaks the last tie so the result never depends on the dictionary's iteration order
        found.sort(Comparator.comparingInt((Span s) -> s.end() - s.start()).reversed()
                .thenComparingInt(Span::start).thenComparing(Span::name));
        List<Span> accepted = new ArrayList<>();
        for (Span span : found) {
            if (accepted.stream().noneMatch(span::overlaps)) {
                accepted.add(span);
            }
        }
        return accepted;
    }

    /** "runway" in running text is the word; "Runway" may be the company. */
    private boolean commonWordInLowerCase(String found) {
        return found.equals(found.toLowerCase(Locale.ROOT)) && commonWords.contains(found);
    }

    /** A Latin dictionary name must not be the inside of a longer Latin word ("Kimi" in "Kimiko"). */
    private static boolean atLatinBoundaries(String s, int start, int end) {
        boolean startOk = !HanText.isLatinOrDigit(s.charAt(start)) || start == 0 || !HanText.isLatinOrDigit(s.charAt(start - 1));
        boolean endOk = !HanText.isLatinOrDigit(s.charAt(end - 1)) || end == s.length() || !HanText.isLatinOrDigit(s.charAt(end));
        return startOk && endOk;
    }

    private record Entry(String display, String key) {
    }
}
