package dev.pmmemory.domain.text;

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

    /** A Han (CJK ideograph) code point. */
    public static boolean isHan(int cp) {
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
