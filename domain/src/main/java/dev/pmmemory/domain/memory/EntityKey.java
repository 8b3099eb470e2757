package dev.pmmemory.domain.memory;

import dev.pmmemory.domain.text.TextNormalizer;

/** The comparison form of an entity name: case-insensitive after Unicode NFKC (rules.md §2). */
public final class EntityKey {
    private EntityKey() {
    }

    public static String of(String entity) {
        return TextNormalizer.nfkcLower(entity).strip();
    }
}
