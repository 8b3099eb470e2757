package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.registry.RegisteredEntity;

/** Reads the deployment-wide entity registry. */
public interface ReadEntities {

    /**
     * The entity one of whose names is {@code name} (any case).
     *
     * @throws dev.pmmemory.application.NotFoundException no such entity
     */
    RegisteredEntity get(String name);

    EntityPage list(EntitiesQuery query);
}
