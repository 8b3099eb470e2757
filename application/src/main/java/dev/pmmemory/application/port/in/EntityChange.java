package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.registry.RegisteredEntity;

/** The entity as stored after a PUT, and whether the PUT created it (rather than replaced it). */
public record EntityChange(RegisteredEntity entity, boolean created) {
}
