package dev.pmmemory.domain.memory;

import java.util.Locale;
import java.util.Optional;

/** Who said it, and how much that counts when two decisions disagree (rules.md §4). */
public enum Source {
    EXPLICIT(1.0), INFERRED(0.5), BOT(0.3);

    private final double confidence;

    Source(double confidence) {
        this.confidence = confidence;
    }

    public double confidence() {
        return confidence;
    }

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Source> fromWireName(String name) {
        for (Source s : values()) {
            if (s.wireName().equals(name)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
