package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.TextNormalizer;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Trigger-word classifier. Rules are tried in lexicon order and the first whose trigger occurs
 * and whose condition holds wins, so precedence is data: project_positive placed after
 * project_advance means "positive only when no advance word is present".
 */
public final class RuleClassifier implements Classifier {

    private final List<CompiledRule> rules;

    public RuleClassifier(Lexicon lexicon) {
        this.rules = lexicon.rules().stream()
                .map(rule -> new CompiledRule(rule,
                        rule.triggers().stream().map(TextNormalizer::nfkcLower).toList()))
                .toList();
    }

    @Override
    public Optional<MemoryType> classify(String message, List<String> entities) {
        Objects.requireNonNull(entities, "entities");
        String text = TextNormalizer.nfkcLower(Objects.requireNonNull(message, "message"));
        for (CompiledRule compiled : rules) {
            if (compiled.rule().onlyWithoutEntities() && !entities.isEmpty()) {
                continue;
            }
            if (compiled.triggers().stream().anyMatch(text::contains)) {
                return Optional.of(compiled.rule().type());
            }
        }
        return Optional.empty();
    }

    /** A rule with its triggers normalised once, not on every message. */
    private record CompiledRule(TypeRule rule, List<String> triggers) {
    }
}
