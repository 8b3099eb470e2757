package dev.pmmemory.domain.text;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the entity extractor knows besides its heuristics.
 *
 * @param groups       names recognised anywhere in a text; each group is one entity, its first name
 *                     the canonical one (月之暗面, Moonshot, Kimi → 月之暗面)
 * @param generic      words that are never an entity on their own ("AI", "CEO", "出海"), any case
 * @param nameSuffixes generic words that may still end a multi-word Latin name ("Figure AI");
 *                     any other generic word ends the name before it ("OpenAI CEO" → OpenAI)
 * @param commonWords  Latin words that never name a company even when capitalised at the start of a
 *                     sentence ("Pass", "Interested"), in addition to the built-in English function words
 */
public record EntityNames(List<List<String>> groups, Set<String> generic, Set<String> nameSuffixes,
                          Set<String> commonWords) {

    public static final EntityNames NONE = new EntityNames(List.of(), Set.of(), Set.of(), Set.of());

    public EntityNames {
        List<List<String>> copy = new ArrayList<>();
        for (List<String> group : groups) {
            List<String> names = group.stream().map(String::strip).toList();
            if (names.isEmpty() || names.stream().anyMatch(String::isEmpty)) {
                throw new IllegalArgumentException("an entity needs non-empty names: " + group);
            }
            copy.add(List.copyOf(names));
        }
        groups = List.copyOf(copy);
        generic = Collections.unmodifiableSet(new LinkedHashSet<>(generic));
        nameSuffixes = Collections.unmodifiableSet(new LinkedHashSet<>(nameSuffixes));
        commonWords = Collections.unmodifiableSet(new LinkedHashSet<>(commonWords));
    }

    /** One single-name entity per dictionary name, every generic word allowed inside a name. */
    public static EntityNames of(Set<String> dictionary, Set<String> generic) {
        return new EntityNames(dictionary.stream().map(List::of).toList(), generic, generic, Set.of());
    }

    /** The canonical name of every entity, in declaration order. */
    public Set<String> canonicalNames() {
        Set<String> names = new LinkedHashSet<>();
        groups.forEach(group -> names.add(group.get(0)));
        return Collections.unmodifiableSet(names);
    }

    public EntityNames withCommonWords(Set<String> more) {
        Set<String> all = new LinkedHashSet<>(commonWords);
        all.addAll(more);
        return new EntityNames(groups, generic, nameSuffixes, all);
    }
}
