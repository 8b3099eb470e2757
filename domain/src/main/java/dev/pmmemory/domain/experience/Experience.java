package dev.pmmemory.domain.experience;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A lesson from a finished recommendation round (rules.md §10): what the bot was asked to do,
 * how it ended and what to do differently. Written once, never changed. Its text is already
 * redacted; {@code keywords} are those of task, outcome and lesson together, entities included,
 * which is what recall matches a query on.
 *
 * @param importance in [0, 1]; it takes the place of type_priority in the score
 * @param createdAt  when the round ended (the caller's time, or when the service received it)
 */
public record Experience(String id, String profileId, String task, String outcome, String lesson, double importance,
                         List<String> keywords, Instant createdAt) {

    public Experience {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(profileId, "profileId");
        Objects.requireNonNull(task, "task");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(lesson, "lesson");
        Objects.requireNonNull(createdAt, "createdAt");
        if (!(importance >= 0.0 && importance <= 1.0)) { // also refuses NaN
            throw new IllegalArgumentException("importance must be in [0, 1]: " + importance);
        }
        keywords = List.copyOf(keywords);
    }
}
