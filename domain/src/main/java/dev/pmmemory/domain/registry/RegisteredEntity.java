package dev.pmmemory.domain.registry;

import dev.pmmemory.domain.memory.EntityKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One entity of the deployment-wide registry (rules.md §2): its canonical name, its other names in
 * any language (深度求索 ↔ DeepSeek), and what it is. Every name resolves to {@link #name()}.
 *
 * @param aliases   the other names, as given, without the canonical name and without repeats (by key)
 * @param updatedAt when this version was written
 */
public record RegisteredEntity(String name, List<String> aliases, EntityKind kind, Instant updatedAt) {

    public RegisteredEntity {
        name = Objects.requireNonNull(name, "name").strip();
        if (name.isEmpty()) {
            throw new IllegalArgumentException("an entity needs a name");
        }
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(updatedAt, "updatedAt");
        Set<String> seen = new LinkedHashSet<>();
        seen.add(EntityKey.of(name));
        List<String> distinct = new ArrayList<>();
        for (String alias : aliases) {
            String stripped = alias.strip();
            if (!stripped.isEmpty() && seen.add(EntityKey.of(stripped))) {
                distinct.add(stripped);
            }
        }
        aliases = List.copyOf(distinct);
    }

    /** The comparison key of the canonical name: the registry's identity of the entity. */
    public String key() {
        return EntityKey.of(name);
    }

    /** The canonical name first, then the aliases: a group as the entity extractor takes it. */
    public List<String> names() {
        List<String> names = new ArrayList<>();
        names.add(name);
        names.addAll(aliases);
        return List.copyOf(names);
    }

    /** The key of every name, the canonical one first. */
    public List<String> nameKeys() {
        return names().stream().map(EntityKey::of).toList();
    }
}
