package dev.pmmemory.domain.recall;

import dev.pmmemory.domain.memory.EntityKey;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.Optional;
import java.util.Set;

/**
 * Optional narrowing of the context candidates. An entity filter matches only memories that
 * still speak for that entity (one superseded for it does not).
 *
 * @param types  empty set = every type
 * @param entity empty = any entity
 */
public record RecallFilter(Set<MemoryType> types, Optional<String> entity) {

    public static final RecallFilter NONE = new RecallFilter(Set.of(), Optional.empty());

    public RecallFilter {
        types = Set.copyOf(types);
        entity = entity.map(EntityKey::of);
    }

    public boolean admitsType(MemoryType type) {
        return types.isEmpty() || types.contains(type);
    }

    public boolean matches(Memory m) {
        return admitsType(m.type()) && entity.map(e -> m.liveEntityKeys().contains(e)).orElse(true);
    }
}
