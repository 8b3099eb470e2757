package dev.pmmemory.domain.text;

import dev.pmmemory.domain.text.Units.Unit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Groups of words that mean the same ("赛道窄 = 市场小 = small market"); the first word of a group
 * is its canonical term. A text that contains any word of a group also carries the group's
 * canonical term among its keywords, so a query and a memory worded differently still share a
 * term; and a synonym of a trigger word is a trigger of the same type.
 */
public final class Synonyms {

    public static final Synonyms NONE = new Synonyms(List.of());

    private final List<List<String>> groups;
    private final Map<String, String> canonicalByWord;
    private final PhraseMatcher<String> matcher;

    /** @param groups each group: canonical word first, at least two words; a word in one group only */
    public Synonyms(List<List<String>> groups) {
        List<List<String>> copy = new ArrayList<>();
        Map<String, String> canonical = new LinkedHashMap<>();
        for (List<String> group : groups) {
            List<String> words = group.stream().map(String::strip).toList();
            if (words.size() < 2 || words.stream().anyMatch(String::isEmpty)) {
                throw new IllegalArgumentException("a synonym group needs at least two non-empty words: " + group);
            }
            String head = TextNormalizer.nfkcLower(words.get(0));
            for (String word : words) {
                String key = key(word);
                String earlier = canonical.putIfAbsent(key, head);
                if (earlier != null && !earlier.equals(head)) {
                    throw new IllegalArgumentException("'" + word + "' is in two synonym groups ("
                            + earlier + ", " + head + ")");
                }
            }
            copy.add(List.copyOf(words));
        }
        this.groups = List.copyOf(copy);
        this.canonicalByWord = Collections.unmodifiableMap(canonical);
        Map<String, String> phrases = new LinkedHashMap<>();
        for (List<String> group : this.groups) {
            String head = TextNormalizer.nfkcLower(group.get(0));
            group.forEach(word -> phrases.put(word, head));
        }
        this.matcher = new PhraseMatcher<>(phrases);
    }

    public List<List<String>> groups() {
        return groups;
    }

    /** The canonical term of the word's group, if it is in one (compared as {@link Units}). */
    public Optional<String> canonical(String word) {
        return Optional.ofNullable(canonicalByWord.get(key(word)));
    }

    /** The words of the group a word belongs to (itself alone when in none). */
    public List<String> groupOf(String word) {
        String head = canonicalByWord.get(key(word));
        if (head == null) {
            return List.of(word);
        }
        return groups.stream().filter(g -> TextNormalizer.nfkcLower(g.get(0)).equals(head)).findFirst().orElseThrow();
    }

    /** Canonical terms of every group with a word in the text, in order of appearance. */
    public Set<String> canonicalTerms(String nfkcLowerText) {
        List<Unit> units = Units.of(nfkcLowerText);
        Set<String> terms = new LinkedHashSet<>();
        matcher.all(units).forEach(match -> terms.add(match.value()));
        return terms;
    }

    private static String key(String word) {
        return String.join(" ", Units.texts(word));
    }
}
