package dev.pmmemory.domain.text;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The word lists the entity rules read, by list name: which words open a clause, which end a company's
 * name, which are never a name … They are data (the lexicon's {@code entity_rule} lines, documented in
 * docs/rules.md), so that a deployment can change them without a code change; the rules that read them
 * are code ({@link EntityExtractor}).
 *
 * @param lists every list of {@link #NAMES}, each non-empty, in the order its words were declared
 *              (some rules try the words in that order: the first that matches wins)
 */
public record EntityRuleWords(Map<String, List<String>> lists) {

    /** Every list an extractor needs. */
    public static final List<String> NAMES = List.of("sentence_words", "people_latin", "latin_meeting_verbs",
            "latin_meeting_phrases", "name_suffixes", "org_forms", "generic_han", "descriptive_stems", "company_endings",
            "long_name_endings", "boundary_chars", "name_left_edge", "predicate_starts", "verb_complements",
            "spoken_openers", "possessives", "aspects", "pointers", "pointed_at", "topic_openers", "chat_openers",
            "meeting_verbs", "visit_verbs", "talk_words", "people", "subject_links", "clause_openers", "more_openers",
            "predicate_words", "predicate_chars", "structural_links", "time_links", "not_a_name_start", "not_in_a_name",
            "not_a_subject");

    /** The lists of single characters (a character anywhere in a candidate, or right before or after it). */
    public static final Set<String> CHARACTER_LISTS = Set.of("boundary_chars", "name_left_edge", "predicate_starts",
            "verb_complements", "predicate_chars", "structural_links", "not_a_name_start", "not_in_a_name");

    public EntityRuleWords {
        Map<String, List<String>> copy = new LinkedHashMap<>();
        for (String name : NAMES) {
            List<String> words = lists.get(name);
            if (words == null || words.isEmpty()) {
                throw new IllegalArgumentException("entity_rule " + name + " is missing");
            }
            copy.put(name, List.copyOf(new LinkedHashSet<>(words))); // a word given twice counts once
        }
        for (String name : lists.keySet()) {
            if (!NAMES.contains(name)) {
                throw new IllegalArgumentException(unknown(name));
            }
        }
        for (String name : CHARACTER_LISTS) {
            copy.get(name).stream().filter(w -> w.codePointCount(0, w.length()) != 1).findFirst().ifPresent(w -> {
                throw new IllegalArgumentException("entity_rule " + name + " takes single characters, got '" + w + "'");
            });
        }
        lists = Map.copyOf(copy);
    }

    /** The error for a list name no rule reads. */
    public static String unknown(String name) {
        return "unknown entity_rule list '" + name + "' (expected one of " + String.join(", ", NAMES) + ")";
    }

    /** The words of one list, in declaration order. */
    public List<String> words(String name) {
        List<String> words = lists.get(name);
        if (words == null) {
            throw new IllegalArgumentException(unknown(name));
        }
        return words;
    }

    /** The words of one list, for look-ups. */
    public Set<String> set(String name) {
        return Set.copyOf(words(name));
    }

    /** A list of characters as one string, for {@link String#indexOf(int)}. */
    public String characters(String name) {
        return String.join("", words(name));
    }

    /** The declared lists, and those of {@code defaults} for the lists not declared (a lexicon written before a list existed). */
    public static EntityRuleWords of(Map<String, List<String>> declared, EntityRuleWords defaults) {
        Map<String, List<String>> all = new LinkedHashMap<>(declared);
        for (String name : NAMES) {
            all.computeIfAbsent(name, n -> new ArrayList<>(defaults.words(n)));
        }
        return new EntityRuleWords(all);
    }
}
