package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.registry.RegisteredEntity;
import java.util.List;

/** One page of the registry, by key; {@code nextCursor} is null on the last page. */
public record EntityPage(List<RegisteredEntity> items, String nextCursor) {
    public EntityPage {
        items = List.copyOf(items);
    }
}
