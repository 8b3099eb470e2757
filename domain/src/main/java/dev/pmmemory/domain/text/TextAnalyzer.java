package dev.pmmemory.domain.text;

import dev.pmmemory.domain.classify.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.privacy.Redactor;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Entities and keywords of a message, and the terms of a query, extracted the same way. */
public final class TextAnalyzer {
    private final EntityExtractor entities;
    private final KeywordExtractor keywords;

    public TextAnalyzer(EntityExtractor entities, KeywordExtractor keywords) {
        this.entities = entities;
        this.keywords = keywords;
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
        return new TextAnalyzer(new EntityExtractor(lexicon.entityNames(), subjectTriggers(lexicon), nonSubjects(lexicon)),
                new KeywordExtractor(stopWords, lexicon.synonyms(), segmenter));
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
    static Set<String> subjectTriggers(Lexicon lexicon) {
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

    private static boolean isHan(int cp) {
        return Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
    }

    /** @return entities in order of appearance; keywords sorted, entities included */
    public Analysis analyze(String text) {
        String said = Redactor.withoutMarkers(text);
        List<EntityExtractor.Mention> mentions = entities.mentions(said);
        Map<String, String> byKey = new LinkedHashMap<>();
        mentions.forEach(m -> byKey.putIfAbsent(TextNormalizer.nfkcLower(m.entity()), m.entity()));
        List<String> found = List.copyOf(byKey.values());
        return new Analysis(found, List.copyOf(new TreeSet<>(keywords.keywords(said, found, mentions))));
    }

    /** The terms a query is matched on: its keywords and its entities. */
    public Set<String> queryTerms(String query) {
        return Set.copyOf(analyze(query).keywords());
    }

    public record Analysis(List<String> entities, List<String> keywords) {
        public Analysis {
            entities = List.copyOf(entities);
            keywords = List.copyOf(keywords);
        }
    }
}
