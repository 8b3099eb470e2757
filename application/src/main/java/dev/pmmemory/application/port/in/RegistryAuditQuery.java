package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;

/**
 * A valid page request over the entity registry's audit trail, newest first.
 *
 * @param entityName   any name of one entity (its changes only), or null for every change
 * @param afterEventId the last event of the previous page (decoded from the cursor), or null
 */
public record RegistryAuditQuery(String entityName, int limit, String afterEventId) {

    public static RegistryAuditQuery of(String entityName, String limit, String cursor) {
        Validation v = new Validation();
        int k = v.intInRange("limit", limit, AuditQuery.DEFAULT_LIMIT, 1, AuditQuery.MAX_LIMIT);
        String after = AuditQuery.afterEventId(v, cursor);
        v.check();
        return new RegistryAuditQuery(entityName, k, after);
    }
}
