package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.PhraseMatcher;
import dev.pmmemory.domain.text.PhraseMatcher.Match;
import dev.pmmemory.domain.text.Synonyms;
import dev.pmmemory.domain.text.TextNormalizer;
import dev.pmmemory.domain.text.Units;
import dev.pmmemory.domain.text.Units.Unit;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Trigger-word classifier, clause by clause:
 * <ol>
 *   <li>questions ("Anthropic 可以推进吗？") say nothing and are skipped;</li>
 *   <li>trigger words, soft-no phrases and neutral phrases are found by {@link Units} (so
 *       "pass" is not found in "passenger"); where they overlap the longest wins, so 不感兴趣 hides
 *       感兴趣 and 宝贵 hides 贵; a synonym of a trigger is a trigger;</li>
 *   <li>a trigger right after a negation word takes its negated meaning (不贵 → positive,
 *       不是不行 → positive, not interested → negative);</li>
 *   <li>a soft no is a project_negative unless the message also advances the project.</li>
 * </ol>
 * Then rules are tried in lexicon order and the first whose type was found and whose condition
 * holds wins, so precedence is data: project_positive placed after project_advance means
 * "positive only when no advance word is present".
 */
public final class RuleClassifier implements Classifier {

    /** What a phrase found in a clause stands for. */
    private sealed interface Signal permits Trigger, Soft, Neutral {
    }

    private record Trigger(MemoryType type) implements Signal {
    }

    private record Soft() implements Signal {
    }

    private record Neutral() implements Signal {
    }

    private final List<TypeRule> rules;
    private final Map<MemoryType, Optional<MemoryType>> negated;
    private final PhraseMatcher<Signal> phrases;
    private final PhraseMatcher<Boolean> negations;
    private final List<String> questionMarkers;

    public RuleClassifier(Lexicon lexicon) {
        this.rules = lexicon.rules();
        Cues cues = lexicon.cues();
        Synonyms synonyms = lexicon.synonyms();
        this.negated = cues.negated();
        Map<String, Signal> signals = new LinkedHashMap<>();
        for (TypeRule rule : rules) { // rule order: a word in two rules means the earlier one
            Trigger trigger = new Trigger(rule.type());
            rule.triggers().forEach(word -> synonyms.groupOf(word).forEach(s -> signals.putIfAbsent(key(s), trigger)));
        }
        cues.softNegatives().forEach(word -> synonyms.groupOf(word).forEach(s -> signals.putIfAbsent(key(s), new Soft())));
        cues.neutral().forEach(word -> signals.putIfAbsent(key(word), new Neutral()));
        this.phrases = new PhraseMatcher<>(signals);
        Map<String, Boolean> negationWords = new LinkedHashMap<>();
        cues.negations().forEach(word -> negationWords.put(key(word), Boolean.TRUE));
        this.negations = new PhraseMatcher<>(negationWords);
        this.questionMarkers = cues.questionMarkers().stream().map(RuleClassifier::key).toList();
    }

    @Override
    public Optional<MemoryType> classify(String message, List<String> entities) {
        Objects.requireNonNull(entities, "entities");
        String text = TextNormalizer.nfkcLower(Objects.requireNonNull(message, "message"));
        Set<MemoryType> found = EnumSet.noneOf(MemoryType.class);
        boolean softNo = false;
        for (Clauses.Clause clause : Clauses.split(text)) {
            if (clause.endsWithAny(questionMarkers)) {
                continue;
            }
            List<Unit> units = Units.of(clause.text());
            for (Match<Signal> match : phrases.longest(units)) {
                if (match.value() instanceof Trigger trigger) {
                    meaning(trigger.type(), negations.endsAt(units, match.start())).ifPresent(found::add);
                } else if (match.value() instanceof Soft) {
                    softNo = true;
                }
            }
        }
        if (softNo && !found.contains(MemoryType.PROJECT_ADVANCE)) {
            found.add(MemoryType.PROJECT_NEGATIVE);
        }
        for (TypeRule rule : rules) {
            if (rule.onlyWithoutEntities() && !entities.isEmpty()) {
                continue;
            }
            if (found.contains(rule.type())) {
                return Optional.of(rule.type());
            }
        }
        return Optional.empty();
    }

    private Optional<MemoryType> meaning(MemoryType type, boolean negatedHere) {
        return negatedHere && negated.containsKey(type) ? negated.get(type) : Optional.of(type);
    }

    private static String key(String word) {
        return TextNormalizer.nfkcLower(word).strip();
    }
}
