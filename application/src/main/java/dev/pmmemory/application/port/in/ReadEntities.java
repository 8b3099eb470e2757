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

    /**
     * The registry's audit events, newest first: every registration, replacement and deletion with
     * its actor, before and after; with an entity name (any of its names, or the name of a deleted
     * one), only that entity's.
     *
     * @throws dev.pmmemory.application.NotFoundException no entity with that name was ever registered
     */
    AuditPage audit(RegistryAuditQuery query);
}
