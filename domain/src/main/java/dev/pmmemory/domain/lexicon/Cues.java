package dev.pmmemory.domain.lexicon;

import dev.pmmemory.domain.memory.MemoryType;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
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
 * @param contrasts       a word opening a later part that decides (但, 不过, but): when that part has
 *                        a signal, the parts before it are ignored
 * @param concessions     a word opening a clause that is conceded (虽然, although): ignored when
 *                        another clause of the message has a signal
 * @param ironyMarkers    a laughing or eye-rolling marker (呵呵, 笑死, 🙃): praise in the message is
 *                        ironic; praise in quotation marks is ironic too
 * @param slips           common one-character slips in trigger words, slip → meant character
 *                        (退 → 推): a trigger of 2+ characters with one slipped character still matches
 * @param phrasing        degree adverbs + adjectives, question words, requests, laughter ({@link Phrasing})
 */
public record Cues(Set<String> negations, Map<MemoryType, Optional<MemoryType>> negated, Set<String> softNegatives,
                   Set<String> neutral, Set<String> questionMarkers, Set<String> contrasts, Set<String> concessions,
                   Set<String> ironyMarkers, Map<String, String> slips, Phrasing phrasing) {

    public static final Cues NONE = new Cues(Set.of(), Map.of(), Set.of(), Set.of(), Set.of());

    /** Cues without the long-tail rules (contrast, concession, irony, slips). */
    public Cues(Set<String> negations, Map<MemoryType, Optional<MemoryType>> negated, Set<String> softNegatives,
                Set<String> neutral, Set<String> questionMarkers) {
        this(negations, negated, softNegatives, neutral, questionMarkers, Set.of(), Set.of(), Set.of(), Map.of());
    }

    /** Cues without the structural cues of {@link Phrasing}. */
    public Cues(Set<String> negations, Map<MemoryType, Optional<MemoryType>> negated, Set<String> softNegatives,
                Set<String> neutral, Set<String> questionMarkers, Set<String> contrasts, Set<String> concessions,
                Set<String> ironyMarkers, Map<String, String> slips) {
        this(negations, negated, softNegatives, neutral, questionMarkers, contrasts, concessions, ironyMarkers, slips,
                Phrasing.NONE);
    }

    public Cues {
        negations = copy(negations);
        Map<MemoryType, Optional<MemoryType>> map = new EnumMap<>(MemoryType.class);
        map.putAll(negated);
        negated = Collections.unmodifiableMap(map);
        softNegatives = copy(softNegatives);
        neutral = copy(neutral);
        questionMarkers = copy(questionMarkers);
        contrasts = copy(contrasts);
        concessions = copy(concessions);
        ironyMarkers = copy(ironyMarkers);
        slips = Collections.unmodifiableMap(new LinkedHashMap<>(slips));
        Objects.requireNonNull(phrasing, "phrasing");
    }

    private static Set<String> copy(Set<String> words) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(words));
    }
}
