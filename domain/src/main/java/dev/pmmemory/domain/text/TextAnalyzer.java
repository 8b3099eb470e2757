package dev.pmmemory.domain.text;

import dev.pmmemory.domain.classify.Lexicon;
import dev.pmmemory.domain.privacy.Redactor;
import java.util.List;
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

    public static TextAnalyzer from(Lexicon lexicon) {
        return new TextAnalyzer(new EntityExtractor(lexicon.entityDictionary(), lexicon.genericWords()),
                new KeywordExtractor());
    }

    /** @return entities in order of appearance; keywords sorted, entities included */
    public Analysis analyze(String text) {
        String said = Redactor.withoutMarkers(text);
        List<String> found = entities.extract(said);
        return new Analysis(found, List.copyOf(new TreeSet<>(keywords.keywords(said, found))));
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
