package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.memory.MemoryType;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Ask, don't guess (docs/rules.md, "Holding an uncertain sign"): a wrong sign stored silently (criticism kept as praise or an advance,
 * praise as a pass) is the costliest error, so a type with a sign is held for a person to pick when the
 * classifiers disagree on it (the rules' type and the model's best label, or the rules' type and the type
 * that overruled it, have opposite signs; the model counts when it gives the other sign at least
 * {@code holdBelow} of the signed probability) or when the chain's confidence in the sign is under
 * {@code holdBelow} for a type the model gave (the link's answer or an overrule). The confidence is the model's posterior of the type's sign among the signed labels:
 * P(sign) / (P(positive or advance) + P(negative)); a type without a sign keeps the model's posterior of it.
 * A type is also held when the message's phrasing vouches for the other sign ({@link SignCues}: 不予考虑 under a
 * positive, a conceded clause of the same sign as the verdict): there the rules and the model often agree on the
 * wrong sign, both read from the same words.
 * <p>
 * An answer whose confidence the classifier stated itself (an LLM's, {@link Classification#stated()}) keeps that
 * confidence and is held under {@code statedHoldBelow} instead: the model's posterior says little about a message
 * the model itself left unclassified, and a stated number is on a scale of its own. Under that floor it is held
 * whatever else agrees; above it, the model's sure disagreement and the phrasing's cues hold it as they hold any
 * answer. It is judged even when there is no model.
 *
 * @param beliefs         the statistical model's posteriors (empty when there is no model)
 * @param holdBelow       the confidence under which a signed type is held ({@code memory.classify.hold-below})
 * @param cues            the signs the phrasing vouches for
 * @param statedHoldBelow the stated confidence under which a signed type is held
 *                        ({@code memory.classifier.llm.hold-below})
 */
public record SignDoubt(Beliefs beliefs, double holdBelow, SignCues cues, double statedHoldBelow) {

    /** Without phrasing cues. */
    public SignDoubt(Beliefs beliefs, double holdBelow) {
        this(beliefs, holdBelow, SignCues.NONE);
    }

    /** For a chain without a classifier that states its confidence: a stated answer short of certainty is held. */
    public SignDoubt(Beliefs beliefs, double holdBelow, SignCues cues) {
        this(beliefs, holdBelow, cues, 1.0);
    }

    public SignDoubt {
        Objects.requireNonNull(beliefs, "beliefs");
        Objects.requireNonNull(cues, "cues");
        if (!(holdBelow >= 0 && holdBelow <= 1)) {
            throw new IllegalArgumentException("hold-below must be in [0, 1], was " + holdBelow);
        }
        if (!(statedHoldBelow >= 0 && statedHoldBelow <= 1)) {
            throw new IllegalArgumentException("the stated hold-below must be in [0, 1], was " + statedHoldBelow);
        }
    }

    /** +1 for praise and advances, -1 for a negative judgement, 0 for every other type. */
    public static int sign(MemoryType type) {
        return switch (type) {
            case PROJECT_POSITIVE, PROJECT_ADVANCE -> 1;
            case PROJECT_NEGATIVE -> -1;
            default -> 0;
        };
    }

    /**
     * @param answer the chain's answer for the (redacted) message
     * @param rules  the type the rules gave, when they gave one (it may have been overruled)
     * @return the answer with its confidence, and the alternatives when it is to be held
     */
    public Classification judge(String message, Classification answer, Optional<MemoryType> rules) {
        if (answer.type().isEmpty()) {
            return answer;
        }
        Map<String, Double> posterior = beliefs.of(message);
        if (posterior.isEmpty() && !answer.stated()) {
            return answer;
        }
        MemoryType type = answer.type().get();
        int sign = sign(type);
        if (sign == 0) {
            return answer.stated() ? answer : answer.judged(posterior.getOrDefault(type.wireName(), 0.0), List.of());
        }
        double positive = p(posterior, MemoryType.PROJECT_POSITIVE) + p(posterior, MemoryType.PROJECT_ADVANCE);
        double negative = p(posterior, MemoryType.PROJECT_NEGATIVE);
        double measured = positive + negative == 0 ? 1.0 : (sign > 0 ? positive : negative) / (positive + negative);
        double confidence = answer.stated() ? answer.confidence() : measured;
        // the model contradicts the sign only when it is as sure of the other sign as the floor asks: on short plain
        // judgements ("OpenAI 不感兴趣") its signed posteriors are near a coin toss, which is no evidence
        boolean modelDisagrees = best(posterior).flatMap(MemoryType::fromWireName).map(SignDoubt::sign)
                .filter(s -> s == -sign).isPresent() && 1 - measured >= holdBelow;
        boolean rulesDisagree = rules.map(SignDoubt::sign).filter(s -> s == -sign).isPresent();
        // the floor is for the model's own answers (the link's, or an overrule): the rules' plain judgements
        // ("Anthropic 不错") are short, and the model's sign posterior on them is weak without meaning doubt
        boolean fromModel = rules.filter(type::equals).isEmpty();
        // the phrasing settles it when it vouches for one sign only: against the answer it holds, for it the
        // classifiers' disagreement is no doubt (谈不上有竞争力 is negative, however unsure the model is)
        Set<Integer> vouched = cues.signs(message);
        boolean phrasingDisagrees = vouched.contains(-sign) && !vouched.contains(sign);
        boolean phrasingAgrees = vouched.contains(sign) && !vouched.contains(-sign);
        boolean agreed = phrasingAgrees || !modelDisagrees && !rulesDisagree && !phrasingDisagrees
                && (!fromModel || answer.stated() || confidence >= holdBelow);
        // a stated confidence is the classifier's word on itself: under its floor nothing else vouches for the answer
        if (agreed && !(answer.stated() && confidence < statedHoldBelow)) {
            return answer.judged(confidence, List.of());
        }
        List<MemoryType> others = new ArrayList<>();
        for (MemoryType t : MemoryType.values()) {
            if (sign(t) == -sign) {
                others.add(t);
            }
        }
        others.sort(Comparator.comparingDouble((MemoryType t) -> -p(posterior, t)).thenComparing(Enum::ordinal));
        return answer.judged(confidence, others);
    }

    private static double p(Map<String, Double> posterior, MemoryType type) {
        return posterior.getOrDefault(type.wireName(), 0.0);
    }

    private static Optional<String> best(Map<String, Double> posterior) {
        return posterior.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey);
    }
}
