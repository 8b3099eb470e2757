package dev.pmmemory.domain.lexicon;

import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.CharacterBigrams;
import dev.pmmemory.domain.text.EntityExtractor;
import dev.pmmemory.domain.text.EntityNames;
import dev.pmmemory.domain.text.KeywordExtractor;
import dev.pmmemory.domain.text.Segmenter;
import dev.pmmemory.domain.text.TextAnalyzer;
import dev.pmmemory.domain.text.TextNormalizer;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Text analysis configured from a lexicon. Here rather than in {@code text}, so that the text
 * package knows nothing of the lexicon and the two form no package cycle.
 */
public final class TextAnalyzers {
    private TextAnalyzers() {
    }

    /**
     * Entities from the lexicon's dictionary (aliases → canonical name); keywords with its synonyms
     * and stop words, name suffixes ("AI" of 智谱AI / Figure AI) among them so they are no shared term.
     */
    public static TextAnalyzer from(Lexicon lexicon) {
        return from(lexicon, new CharacterBigrams());
    }

    /** As {@link #from(Lexicon)}, with Han text cut into words by the given segmenter. */
    public static TextAnalyzer from(Lexicon lexicon, Segmenter segmenter) {
        Set<String> stopWords = new LinkedHashSet<>(KeywordExtractor.defaultStopWords());
        stopWords.addAll(lexicon.stopWords());
        stopWords.addAll(lexicon.entities().nameSuffixes());
        EntityNames base = lexicon.entityNames();
        Set<String> triggers = subjectTriggers(lexicon);
        Set<String> nonSubjects = nonSubjects(lexicon);
        // the entity registry replaces the groups at run time; the rest of the names' setting stays
        Function<List<List<String>>, EntityExtractor> extractorFor = groups -> new EntityExtractor(
                new EntityNames(groups, base.generic(), base.nameSuffixes(), base.commonWords()), triggers, nonSubjects,
                lexicon.traditional(), lexicon.entityRules());
        return new TextAnalyzer(extractorFor, base.groups(), new KeywordExtractor(stopWords, lexicon.synonyms(), segmenter),
                lexicon.traditional());
    }

    /**
     * The lexicon's Chinese words a segmenter must keep whole (its user dictionary): triggers, cues,
     * synonyms, stop words, entity names and generic words, those of two or more Han characters
     * and nothing else (a segmenter only sees Han runs), sorted.
     */
    public static Set<String> domainWords(Lexicon lexicon) {
        Set<String> all = new LinkedHashSet<>();
        lexicon.rules().forEach(rule -> all.addAll(rule.triggers()));
        all.addAll(lexicon.cues().negations());
        all.addAll(lexicon.cues().softNegatives());
        all.addAll(lexicon.cues().neutral());
        lexicon.synonyms().groups().forEach(all::addAll);
        all.addAll(lexicon.stopWords());
        lexicon.entities().groups().forEach(all::addAll);
        all.addAll(lexicon.entities().generic());
        Set<String> words = new TreeSet<>();
        for (String word : all) {
            String key = TextNormalizer.nfkcLower(word).strip();
            if (key.codePointCount(0, key.length()) >= 2 && key.codePoints().allMatch(TextAnalyzer::isHan)) {
                words.add(key);
            }
        }
        return Collections.unmodifiableSet(words);
    }

    /**
     * The words whose subject is a name even when no dictionary lists it: the triggers of the
     * project types (negative, advance, positive), the soft no, and their synonyms.
     */
    public static Set<String> subjectTriggers(Lexicon lexicon) {
        Set<String> triggers = new LinkedHashSet<>(lexicon.cues().softNegatives());
        for (MemoryType type : List.of(MemoryType.PROJECT_NEGATIVE, MemoryType.PROJECT_ADVANCE, MemoryType.PROJECT_POSITIVE)) {
            triggers.addAll(lexicon.ruleFor(type).triggers());
        }
        for (List<String> group : lexicon.synonyms().groups()) {
            if (group.stream().anyMatch(triggers::contains)) {
                triggers.addAll(group);
            }
        }
        return triggers;
    }

    private static Set<String> nonSubjects(Lexicon lexicon) {
        Set<String> words = new LinkedHashSet<>(lexicon.stopWords());
        words.addAll(lexicon.cues().negations());
        words.addAll(KeywordExtractor.defaultStopWords());
        return words;
    }

}
