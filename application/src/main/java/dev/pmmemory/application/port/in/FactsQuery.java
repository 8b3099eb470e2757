package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import java.time.Instant;

/**
 * A read of facts.
 *
 * @param attribute null for every attribute
 * @param asOf      null for now
 */
public record FactsQuery(String profileId, String attribute, Instant asOf) {
    public FactsQuery {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        if (attribute != null) {
            v.attribute("attribute", attribute);
        }
        v.check();
    }
}
