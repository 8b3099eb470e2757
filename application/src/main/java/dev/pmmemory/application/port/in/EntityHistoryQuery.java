package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;

/** @param entity an entity name as the PM writes it; compared as {@link dev.pmmemory.domain.memory.EntityKey} */
public record EntityHistoryQuery(String profileId, String entity) {
    public EntityHistoryQuery {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        if (entity == null || entity.isBlank() || entity.length() > 200) {
            v.fail("name", "must be 1 to 200 characters");
        }
        v.check();
    }
}
