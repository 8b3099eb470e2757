package dev.pmmemory.domain.text;

import dev.pmmemory.domain.privacy.Redactor;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Entities and keywords of a message, and the terms of a query, extracted the same way.
 *
 * <p>The entity dictionary can be replaced while the service runs ({@link #useEntities}): the
 * entity registry is edited through the API, and every later extraction and alias lookup uses the
 * new names. The replacement is one volatile write, so a concurrent call sees the old or the new
 * dictionary, never a mix.
 */
public final class TextAnalyzer implements EntityResolver {
    private final KeywordExtractor keywords;
    /** Builds the extractor for a new set of entity groups; null when the dictionary is fixed. */
    private final Function<List<List<String>>, EntityExtractor> extractorFor;
    /** Traditional characters read as simplified before any extraction. */
    private final TraditionalChars traditional;
    private volatile Dictionary dictionary;

    public TextAnalyzer(EntityExtractor entities, KeywordExtractor keywords) {
        this.keywords = keywords;
        this.extractorFor = null;
        this.traditional = TraditionalChars.NONE;
        this.dictionary = new Dictionary(entities, Map.of());
    }

    /** An analyzer whose entity dictionary {@link #useEntities} replaces: {@code extractorFor} builds one per set of groups. */
    public TextAnalyzer(Function<List<List<String>>, EntityExtractor> extractorFor, List<List<String>> groups,
                        KeywordExtractor keywords) {
        this(extractorFor, groups, keywords, TraditionalChars.NONE);
    }

    /** As above, reading the traditional characters of {@code traditional} as simplified (商湯 → 商汤). */
    public TextAnalyzer(Function<List<List<String>>, EntityExtractor> extractorFor, List<List<String>> groups,
                        KeywordExtractor keywords, TraditionalChars traditional) {
        this.keywords = keywords;
        this.extractorFor = extractorFor;
        this.traditional = traditional;
        this.dictionary = new Dictionary(extractorFor.apply(groups), canonicalByKey(groups));
    }

    /** The extractor and the alias → canonical name table of one entity dictionary. */
    private record Dictionary(EntityExtractor extractor, Map<String, String> canonicalByKey) {
    }

    /**
     * Replaces the entity dictionary (each group one entity, its first name canonical); the
     * lexicon's generic, suffix and common words stay.
     *
     * @throws IllegalStateException when this analyzer was built around a fixed extractor
     */
    public void useEntities(List<List<String>> groups) {
        if (extractorFor == null) {
            throw new IllegalStateException("this analyzer has a fixed entity dictionary");
        }
        dictionary = new Dictionary(extractorFor.apply(groups), canonicalByKey(groups));
    }

    /** Keys are read as simplified, as texts are: an alias registered as 鴻海 is found in 鴻海 and 鸿海. */
    private Map<String, String> canonicalByKey(List<List<String>> groups) {
        Map<String, String> byKey = new HashMap<>();
        for (List<String> group : groups) {
            for (String name : group) {
                byKey.putIfAbsent(entityKey(traditional.simplify(name)), group.get(0));
            }
        }
        return Map.copyOf(byKey);
    }

    /** The canonical name of the entity {@code name} names (an alias, any case), or {@code name} itself. */
    public String canonicalEntity(String name) {
        String read = traditional.simplify(name);
        // an unlisted name is stored as analyze() read it, in simplified characters (臺積電 → 台积电)
        return dictionary.canonicalByKey().getOrDefault(entityKey(read), read.strip());
    }

    /** As {@code EntityKey.of} (kept here so that text does not depend on memory). */
    private static String entityKey(String name) {
        return TextNormalizer.nfkcLower(name).strip();
    }

    @Override
    public String key(String name) {
        return entityKey(canonicalEntity(name));
    }

    /** A Han (CJK ideograph) code point. */
    public static boolean isHan(int cp) {
        return Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
    }

    /** @return entities in order of appearance; keywords sorted, entities included */
    public Analysis analyze(String text) {
        String said = traditional.simplify(Redactor.withoutMarkers(text));
        List<EntityExtractor.Mention> mentions = dictionary.extractor().mentions(said);
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
