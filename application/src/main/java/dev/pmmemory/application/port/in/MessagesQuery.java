package dev.pmmemory.application.port.in;

import dev.pmmemory.application.model.FeedbackOutcome;

import dev.pmmemory.application.Validation;

/**
 * A valid raw-message page request.
 *
 * @param outcome null for every outcome
 * @param after   the position (received_at, id) of the last message of the previous page, or null
 */
public record MessagesQuery(String profileId, FeedbackOutcome outcome, int limit, PagePosition after) {
    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 200;

    public MessagesQuery {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        if (limit < 1 || limit > MAX_LIMIT) {
            v.fail("limit", "must be a whole number from 1 to " + MAX_LIMIT);
        }
        v.check();
    }
}
