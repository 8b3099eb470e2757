package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;

/**
 * A valid page request over the entity registry's audit trail, newest first.
 *
 * @param entityName   any name of one entity (its changes only), or null for every change
 * @param afterEventId the last event of the previous page (decoded from the cursor), or null
 */
public record RegistryAuditQuery(String entityName, int limit, String afterEventId) {

    public RegistryAuditQuery {
        Validation v = new Validation();
        if (limit < 1 || limit > AuditQuery.MAX_LIMIT) {
            v.fail("limit", "must be a whole number from 1 to " + AuditQuery.MAX_LIMIT);
        }
        v.check();
    }
}
