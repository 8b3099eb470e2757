package dev.pmmemory.domain.text;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Finds the named entities (companies, projects) a feedback message talks about: the names the
 * dictionary lists ({@link DictionaryNames}), then those found by how they are used, one {@link NameRule}
 * each, in a fixed order. Entities drive conflicts and recall, so a false positive ("AI", "海外早期") is
 * worse than a miss: every rule errs on the side of "not a name" ({@link NameGuards}). The rules' word
 * lists are data ({@link EntityRuleWords}, the lexicon's {@code entity_rule} lines).
 */
public final class EntityExtractor {

    private final DictionaryNames dictionary;
    private final List<NameRule> rules;
    /** Evaluation and decision words whose subject is a name (Han, longest first); empty = the subject rules are off. */
    private final List<String> subjectTriggers;

    /**
     * @param dictionary   display names recognised anywhere in a text
     * @param genericWords words that are never an entity on their own ("AI", "VC"), any case; they
     *                     may still continue a name ("Figure AI")
     * @param words        the rules' word lists
     */
    public EntityExtractor(Set<String> dictionary, Set<String> genericWords, EntityRuleWords words) {
        this(EntityNames.of(dictionary, genericWords), words);
    }

    /** @param names the entity dictionary with aliases, generic words, name suffixes and common words */
    public EntityExtractor(EntityNames names, EntityRuleWords words) {
        this(names, Set.of(), Set.of(), TraditionalChars.NONE, words);
    }

    /**
     * @param subjectTriggers evaluation and decision words (估值太高, 可以推进, 不错 …): the Han run right
     *                        before one is a name even when no dictionary lists it ("云深处估值太高" →
     *                        云深处), unless it is a pronoun, a time word or a generic noun
     * @param nonSubjects     words that are never such a name (the lexicon's stop words and negations)
     * @param traditional     for texts read in simplified characters: every dictionary name is matched in its
     *                        simplified form too (an alias registered as 鴻海 is found in the text 鸿海)
     * @param words           the rules' word lists
     */
    public EntityExtractor(EntityNames names, Set<String> subjectTriggers, Set<String> nonSubjects,
                           TraditionalChars traditional, EntityRuleWords words) {
        Set<String> generic = new LinkedHashSet<>(lowerAll(names.generic()));
        generic.addAll(lowerAll(words.set("generic_han")));
        Set<String> nameSuffixes = lowerAll(names.nameSuffixes());
        Set<String> common = new LinkedHashSet<>(lowerAll(words.set("sentence_words")));
        common.addAll(lowerAll(names.commonWords()));
        List<String> triggers = new ArrayList<>();
        for (String trigger : subjectTriggers) {
            String key = TextNormalizer.nfkcLower(trigger).strip();
            if (key.codePointCount(0, key.length()) >= 2 && HanText.isHan(key.codePointAt(0))) {
                triggers.add(key);
            }
        }
        triggers.sort(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder()));
        this.subjectTriggers = List.copyOf(triggers);
        this.dictionary = new DictionaryNames(names, nameSuffixes, common, traditional);
        NameGuards guards = new NameGuards(words, generic, common, lowerAll(nonSubjects), Set.copyOf(triggers));
        List<NameRule> all = new ArrayList<>(List.of(
                new CapitalisedNames(common, generic, nameSuffixes),
                new NamesBeforeSuffix(words, guards),
                new NamesMet(words, guards),
                new SpacedTopic(words, guards),
                new CompanyEndingNames(words, guards),
                new LowerCaseOwners(guards),
                new LatinNamesMet(words, guards),
                new TopicNames(words, guards),
                new PointedNames(words, guards),
                new PossessiveNames(words, guards)));
        if (!triggers.isEmpty()) {
            all.add(new SubjectsBeforeEvaluation(words, guards));
            all.add(new SentenceSubjects(words, guards));
        }
        this.rules = List.copyOf(all);
    }

    private static Set<String> lowerAll(Set<String> words) {
        Set<String> lower = new LinkedHashSet<>();
        words.forEach(w -> lower.add(TextNormalizer.nfkcLower(w).strip()));
        return Collections.unmodifiableSet(lower);
    }

    /**
     * Entity display names in order of first appearance, deduplicated by {@link TextNormalizer#nfkcLower};
     * a dictionary name is given as its entity's canonical name (Kimi → 月之暗面).
     */
    public List<String> extract(String text) {
        Map<String, String> byKey = new LinkedHashMap<>();
        for (Mention mention : mentions(text)) {
            byKey.putIfAbsent(TextNormalizer.nfkcLower(mention.entity()), mention.entity());
        }
        return List.copyOf(byKey.values());
    }

    /**
     * Where an entity is named: the words as read (NFKC; in simplified characters when the analyzer
     * reads traditional ones as simplified), the entity they name, and whether the
     * name is in the dictionary (recognised anywhere) rather than found by a heuristic that
     * depends on its context (a capital letter, a following 公司 / 项目).
     */
    public record Mention(String surface, String entity, boolean fromDictionary) {
    }

    /** Every mention, in text order (one entity may be mentioned several times, by different names). */
    public List<Mention> mentions(String text) {
        String nfkc = Normalizer.normalize(Objects.requireNonNull(text), Normalizer.Form.NFKC);
        String folded = HanText.fold(nfkc);
        ScannedText scanned = new ScannedText(nfkc, folded,
                subjectTriggers.isEmpty() ? List.of() : triggerOccurrences(folded)); // both subject rules read them
        List<Span> dictionarySpans = dictionary.find(scanned);
        List<Span> heuristic = new ArrayList<>();
        for (NameRule rule : rules) {
            rule.find(scanned, heuristic);
        }
        List<Span> all = new ArrayList<>(dictionarySpans);
        // The dictionary is authoritative: "零一万物公司" is 零一万物, not the heuristic "万物".
        for (Span span : heuristic) {
            if (dictionarySpans.stream().noneMatch(span::overlaps)) {
                all.add(span);
            }
        }
        all.sort(Comparator.comparingInt(Span::start));
        return all.stream().map(span -> new Mention(nfkc.substring(span.start(), span.end()), span.name(),
                dictionarySpans.contains(span))).toList();
    }

    /** Every occurrence of a subject trigger as {start, length}: longest trigger first, then in text order. */
    private List<int[]> triggerOccurrences(String folded) {
        List<int[]> found = new ArrayList<>();
        for (String trigger : subjectTriggers) {
            for (int at = folded.indexOf(trigger); at >= 0; at = folded.indexOf(trigger, at + 1)) {
                found.add(new int[] {at, trigger.length()});
            }
        }
        return found;
    }
}
