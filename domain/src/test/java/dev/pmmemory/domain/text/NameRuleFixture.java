package dev.pmmemory.domain.text;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.lexicon.TextAnalyzers;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;

/** One name rule run alone with the shipped lexicon's words, as the extractor runs it. */
final class NameRuleFixture {
    static final Lexicon LEXICON = Lexicon.loadDefault();
    static final EntityRuleWords WORDS = LEXICON.entityRules();
    static final Set<String> GENERIC = lower(union(LEXICON.genericWords(), WORDS.set("generic_han")));
    static final Set<String> COMMON = lower(union(WORDS.set("sentence_words"), LEXICON.entityNames().commonWords()));
    static final List<String> TRIGGERS = TextAnalyzers.subjectTriggers(LEXICON).stream().map(TextNormalizer::nfkcLower)
            .filter(t -> t.codePointCount(0, t.length()) >= 2 && HanText.isHan(t.codePointAt(0)))
            .sorted(Comparator.comparingInt(String::length).reversed().thenComparing(Comparator.naturalOrder())).toList();
    static final NameGuards GUARDS = new NameGuards(WORDS, GENERIC, COMMON,
            lower(union(LEXICON.stopWords(), LEXICON.cues().negations())), Set.copyOf(TRIGGERS));

    private NameRuleFixture() {
    }

    /** The names {@code rule} finds in {@code text}, alone. */
    static List<String> names(NameRule rule, String text) {
        String nfkc = Normalizer.normalize(text, Normalizer.Form.NFKC);
        String folded = HanText.fold(nfkc);
        List<int[]> triggers = new ArrayList<>();
        for (String trigger : TRIGGERS) {
            for (int at = folded.indexOf(trigger); at >= 0; at = folded.indexOf(trigger, at + 1)) {
                triggers.add(new int[] {at, trigger.length()});
            }
        }
        List<Span> found = new ArrayList<>();
        rule.find(new ScannedText(nfkc, folded, triggers), found);
        return found.stream().map(Span::name).toList();
    }

    /** A rule built with the shipped words except one list. */
    static NameRule withList(String list, List<String> words, BiFunction<EntityRuleWords, NameGuards, NameRule> rule) {
        java.util.Map<String, List<String>> lists = new java.util.LinkedHashMap<>(WORDS.lists());
        lists.put(list, words);
        EntityRuleWords changed = new EntityRuleWords(lists);
        return rule.apply(changed, new NameGuards(changed, GENERIC, COMMON, Set.of(), Set.copyOf(TRIGGERS)));
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new LinkedHashSet<>(a);
        all.addAll(b);
        return all;
    }

    private static Set<String> lower(Set<String> words) {
        Set<String> lower = new LinkedHashSet<>();
        words.forEach(w -> lower.add(TextNormalizer.nfkcLower(w).strip()));
        return lower;
    }
}
