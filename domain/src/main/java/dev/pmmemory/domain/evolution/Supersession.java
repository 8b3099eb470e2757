package dev.pmmemory.domain.evolution;

import java.time.Instant;
import java.util.Set;

/** Memory {@code supersededId} no longer speaks for {@code entityKeys}: memory {@code byId} took over at {@code at}. */
public record Supersession(String supersededId, String byId, Set<String> entityKeys, Instant at, boolean whole) {
    public Supersession {
        entityKeys = Set.copyOf(entityKeys);
    }
}
