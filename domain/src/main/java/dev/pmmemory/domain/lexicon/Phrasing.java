package dev.pmmemory.domain.lexicon;

import dev.pmmemory.domain.memory.MemoryType;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The long-tail cues of structure rather than vocabulary, so that
 * phrasing nobody listed still gets a type.
 *
 * @param degrees         degree adverbs (很, 真的, 非常, 那么): an evaluative adjective right after one
 *                        is a judgement (宇树的团队真的硬 → positive)
 * @param excess          degree adverbs of excess (太, 过于): any Han word right after one is a
 *                        complaint (条款太复杂 → negative) unless it is a positive adjective (太强了)
 * @param adjectives      evaluative adjectives and their judgement (强 → project_positive, 乱 →
 *                        project_negative); they count only after a degree adverb or a negation
 * @param questionWords   a clause holding one of these (是不是, 什么时候, 谁在) is a question even
 *                        without a question mark
 * @param questionOpeners a clause opening with one of these (is, does, any news) is a question
 * @param requests        a clause opening with one of these (can you, could we) is a request, not a
 *                        question, even with a question mark ("can you set up a call?")
 * @param scareQuoteHints laughter or a sneer (哈哈哈, lol, 所谓, another): a short quoted phrase in a
 *                        message with one is ironic (又一个“下一个 OpenAI”，哈哈哈 → negative)
 * @param signCues        phrases that carry a sign whatever the words around them (不予考虑, 谈不上, fell short →
 *                        project_negative; 不容小觑, not bad at all → project_positive): a typed answer of the other
 *                        sign is held for the PM (docs/rules.md "Holding an uncertain sign"); the longest match wins
 * @param metrics         metrics whose direction decides what high and low mean (复购率并不高 → negative, 估值并不高 →
 *                        positive)
 * @param reservations    a wish for more evidence (还要看, 有待, "I'd want", "more data"): a contrast part holding one
 *                        and nothing else is a reservation, not a reversal of the praise before it
 */
public record Phrasing(Set<String> degrees, Set<String> excess, Map<String, MemoryType> adjectives,
                       Set<String> questionWords, Set<String> questionOpeners, Set<String> requests,
                       Set<String> scareQuoteHints, Map<String, MemoryType> signCues, Metrics metrics,
                       Set<String> reservations) {

    public static final Phrasing NONE = new Phrasing(Set.of(), Set.of(), Map.of(), Set.of(), Set.of(), Set.of(), Set.of());

    /** Phrasing without sign cues. */
    public Phrasing(Set<String> degrees, Set<String> excess, Map<String, MemoryType> adjectives,
                    Set<String> questionWords, Set<String> questionOpeners, Set<String> requests,
                    Set<String> scareQuoteHints) {
        this(degrees, excess, adjectives, questionWords, questionOpeners, requests, scareQuoteHints, Map.of());
    }

    /** Phrasing without metrics and reservations. */
    public Phrasing(Set<String> degrees, Set<String> excess, Map<String, MemoryType> adjectives,
                    Set<String> questionWords, Set<String> questionOpeners, Set<String> requests,
                    Set<String> scareQuoteHints, Map<String, MemoryType> signCues) {
        this(degrees, excess, adjectives, questionWords, questionOpeners, requests, scareQuoteHints, signCues,
                Metrics.NONE, Set.of());
    }

    public Phrasing {
        degrees = copy(degrees);
        excess = copy(excess);
        adjectives = Collections.unmodifiableMap(new LinkedHashMap<>(adjectives));
        questionWords = copy(questionWords);
        questionOpeners = copy(questionOpeners);
        requests = copy(requests);
        scareQuoteHints = copy(scareQuoteHints);
        signCues = Collections.unmodifiableMap(new LinkedHashMap<>(signCues));
        java.util.Objects.requireNonNull(metrics, "metrics");
        reservations = copy(reservations);
    }

    private static Set<String> copy(Set<String> words) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(words));
    }
}
