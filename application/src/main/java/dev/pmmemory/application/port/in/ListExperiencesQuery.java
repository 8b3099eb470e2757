package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;

/** A valid request for a profile's newest experiences. */
public record ListExperiencesQuery(String profileId, int limit) {
    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 200;

    public ListExperiencesQuery {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        if (limit < 1 || limit > MAX_LIMIT) {
            v.fail("limit", "must be a whole number from 1 to " + MAX_LIMIT);
        }
        v.check();
    }
}
