package dev.pmmemory.application.port.in;

import dev.pmmemory.application.model.FeedbackOutcome;

import dev.pmmemory.application.Validation;
import java.util.Arrays;
import java.util.Optional;

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

    public static MessagesQuery of(String profileId, String outcome, String limit, String cursor) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        // replayed is an answer, never a stored outcome
        FeedbackOutcome o = v.optionalEnum("outcome", outcome == null || outcome.isBlank() ? null : outcome,
                MessagesQuery::storedOutcome, String.join(", ", Arrays.stream(FeedbackOutcome.values())
                        .filter(x -> x != FeedbackOutcome.REPLAYED).map(FeedbackOutcome::wireName).toList()));
        int k = v.intInRange("limit", limit, DEFAULT_LIMIT, 1, MAX_LIMIT);
        PagePosition after = null;
        if (cursor != null && !cursor.isEmpty()) {
            after = PagePosition.fromCursor(cursor).orElse(null);
            if (after == null) {
                v.fail("cursor", "is not a cursor this service returned");
            }
        }
        v.check();
        return new MessagesQuery(profileId, o, k, after);
    }

    private static Optional<FeedbackOutcome> storedOutcome(String name) {
        return Arrays.stream(FeedbackOutcome.values())
                .filter(o -> o != FeedbackOutcome.REPLAYED && o.wireName().equals(name))
                .findFirst();
    }
}
