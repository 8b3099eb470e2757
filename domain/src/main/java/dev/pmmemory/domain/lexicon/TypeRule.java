package dev.pmmemory.domain.lexicon;

import dev.pmmemory.domain.memory.MemoryType;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How one memory type is recognised and how long its memories live.
 *
 * @param type                the memory type this rule produces
 * @param triggers            words whose presence (substring, after NFKC + lower case) selects the type;
 *                            none for {@link MemoryType#SUMMARY}, which no classifier produces
 * @param priority            type_priority used in recall scoring, in [0, 1]
 * @param ttl                 lifetime after last_seen_at; empty means permanent
 * @param onlyWithoutEntities the rule applies only when the message names no entity (market_info)
 */
public record TypeRule(MemoryType type, List<String> triggers, double priority, Optional<Duration> ttl,
                       boolean onlyWithoutEntities) {

    public TypeRule {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(triggers, "triggers");
        Objects.requireNonNull(ttl, "ttl");
        triggers = List.copyOf(triggers);
        if (!type.classifiable()) {
            // a summary is made by the compact job, never recognised in a message
            if (!triggers.isEmpty() || onlyWithoutEntities) {
                throw new IllegalArgumentException("rule " + type.wireName()
                        + " takes no triggers and no condition: only the compact job makes it");
            }
        } else if (triggers.isEmpty()) {
            throw new IllegalArgumentException("rule " + type.wireName() + " needs at least one trigger");
        }
        if (triggers.stream().anyMatch(String::isBlank)) {
            throw new IllegalArgumentException("rule " + type.wireName() + " has a blank trigger");
        }
        if (!(priority >= 0.0 && priority <= 1.0)) { // also rejects NaN
            throw new IllegalArgumentException("rule " + type.wireName() + ": priority must be in [0, 1], was " + priority);
        }
        if (ttl.isPresent() && (ttl.get().isZero() || ttl.get().isNegative())) {
            throw new IllegalArgumentException("rule " + type.wireName() + ": ttl must be positive, was " + ttl.get());
        }
    }

    public boolean permanent() {
        return ttl.isEmpty();
    }
}
