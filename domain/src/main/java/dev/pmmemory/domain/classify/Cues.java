package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.memory.MemoryType;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The words around trigger words that change what a message means.
 *
 * @param negations       words that negate a trigger directly after them in the same clause (不, 没, 不太, not)
 * @param negated         what a negated trigger of a type means instead: another type, or empty for
 *                        nothing; a type not listed is not changed by negation
 * @param softNegatives   a soft no (再看看吧, 先放放, hold off): {@link MemoryType#PROJECT_NEGATIVE}
 *                        unless the same message explicitly advances the project
 * @param neutral         phrases that contain a trigger word but do not mean it (宝贵, 贵州, 差不多);
 *                        the longest match wins, so they hide the trigger inside them
 * @param questionMarkers a clause ending with one of these (?, 吗) is a question: its triggers do not count
 */
public record Cues(Set<String> negations, Map<MemoryType, Optional<MemoryType>> negated, Set<String> softNegatives,
                   Set<String> neutral, Set<String> questionMarkers) {

    public static final Cues NONE = new Cues(Set.of(), Map.of(), Set.of(), Set.of(), Set.of());

    public Cues {
        negations = copy(negations);
        Map<MemoryType, Optional<MemoryType>> map = new EnumMap<>(MemoryType.class);
        map.putAll(negated);
        negated = Collections.unmodifiableMap(map);
        softNegatives = copy(softNegatives);
        neutral = copy(neutral);
        questionMarkers = copy(questionMarkers);
    }

    private static Set<String> copy(Set<String> words) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(words));
    }
}
