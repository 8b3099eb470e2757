package dev.pmmemory.domain.derive;

import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.TextNormalizer;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * One pattern a profile's memories may show, from a {@code derive} line of the lexicon (docs/rules.md
 * "Derived preferences"): memories of {@code type} seen within {@code window} that hold one of
 * {@code words}, grouped as {@code by} says; a group of at least {@code min} proposes {@code propose}.
 *
 * @param propose the preference's text; {@code {word}} and {@code {entity}} name the group's word or entity
 * @param words   what the memories must hold (normalised containment); empty: any memory of the type
 *                ({@link Grouping#ENTITY} only)
 */
public record DerivationRule(String name, MemoryType type, Duration window, int min, Grouping by, String propose,
                             List<String> words) {

    /** How matching memories are grouped into one pattern. */
    public enum Grouping {
        /** All the words are one reason: distinct entities named by memories holding any of them. */
        ANY,
        /** Each word its own reason: distinct entities named by memories holding that word. */
        EACH,
        /** Each entity its own pattern: memories naming that entity. */
        ENTITY;

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    public DerivationRule {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(by, "by");
        Objects.requireNonNull(propose, "propose");
        words = List.copyOf(words);
        if (!name.matches("[a-z0-9_]{1,40}")) {
            throw new IllegalArgumentException("derive needs a name of a-z, 0-9 and _, got '" + name + "'");
        }
        if (window.isNegative() || window.isZero()) {
            throw new IllegalArgumentException("derive " + name + ": window must be positive");
        }
        if (min < 2) {
            throw new IllegalArgumentException("derive " + name + ": min must be at least 2, a pattern needs a repeat");
        }
        if (propose.isBlank()) {
            throw new IllegalArgumentException("derive " + name + ": propose= is required");
        }
        if (words.isEmpty() && by != Grouping.ENTITY) {
            throw new IllegalArgumentException("derive " + name + ": words= is required unless by=entity");
        }
        if (by == Grouping.EACH && !propose.contains("{word}") || by == Grouping.ENTITY && !propose.contains("{entity}")) {
            throw new IllegalArgumentException("derive " + name + ": by=" + by.wireName() + " proposes a text naming {"
                    + (by == Grouping.EACH ? "word" : "entity") + "}");
        }
    }

    /** Whether a memory's normalised content holds {@code word}. */
    static boolean holds(String normalizedContent, String word) {
        return normalizedContent.contains(TextNormalizer.normalise(word));
    }
}
