package dev.pmmemory.application.service;

import dev.pmmemory.application.port.out.SummaryRequest;
import dev.pmmemory.domain.memory.EntityKey;
import dev.pmmemory.domain.memory.Memory;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a summary states, computed the same way every time: how many memories it folds, the dates
 * they span, and the entities and terms that recur among them (named by at least two memories),
 * most frequent first. Frequency counts weight: a memory said three times counts three.
 *
 * @param from      the oldest created_at
 * @param to        the newest last_seen_at
 * @param entities  recurring entities, at most {@link #TOP_ENTITIES}, by frequency desc then name
 * @param terms     recurring keywords that are not entity names, at most {@link #TOP_TERMS}, same order
 */
public record SummaryFigures(int count, Instant from, Instant to, List<Frequency> entities, List<Frequency> terms) {
    public static final int TOP_ENTITIES = 5;
    public static final int TOP_TERMS = 8;

    /** A name and how often it was said. */
    public record Frequency(String name, int count) {
    }

    public SummaryFigures {
        entities = List.copyOf(entities);
        terms = List.copyOf(terms);
    }

    public static SummaryFigures of(SummaryRequest request) {
        List<Memory> members = request.members();
        Instant from = members.stream().map(Memory::createdAt).min(Comparator.naturalOrder()).orElseThrow();
        Instant to = members.stream().map(Memory::lastSeenAt).max(Comparator.naturalOrder()).orElseThrow();
        Tally entities = new Tally();
        Tally terms = new Tally();
        Set<String> entityKeys = new HashSet<>();
        for (Memory m : members) {
            for (String entity : m.entities()) {
                String key = EntityKey.of(entity);
                entityKeys.add(key);
                entities.add(key, entity, m.weight());
            }
        }
        for (Memory m : members) {
            for (String term : m.keywords()) {
                if (!entityKeys.contains(EntityKey.of(term))) {
                    terms.add(term, term, m.weight());
                }
            }
        }
        return new SummaryFigures(members.size(), from, to, entities.top(TOP_ENTITIES), terms.top(TOP_TERMS));
    }

    /** Counts per key; the name shown is the first seen (members come oldest first). */
    private static final class Tally {
        private final Map<String, String> names = new LinkedHashMap<>();
        private final Map<String, Integer> said = new LinkedHashMap<>();
        private final Map<String, Integer> memories = new LinkedHashMap<>();

        void add(String key, String name, int weight) {
            names.putIfAbsent(key, name);
            said.merge(key, weight, Integer::sum);
            memories.merge(key, 1, Integer::sum);
        }

        List<Frequency> top(int n) {
            return said.entrySet().stream()
                    .filter(e -> memories.get(e.getKey()) >= 2) // recurring: named by two memories at least
                    .map(e -> new Frequency(names.get(e.getKey()), e.getValue()))
                    .sorted(Comparator.comparingInt(Frequency::count).reversed().thenComparing(Frequency::name))
                    .limit(n)
                    .toList();
        }
    }
}
