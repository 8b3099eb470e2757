package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import java.time.Instant;

/**
 * A valid experience to record; the constructor names every invalid field.
 *
 * @param outcome    how the round ended, in the caller's words ("PM passed", "meeting booked"):
 *                   free text, short, because it is shown on one line of the prompt block
 * @param importance in [0, 1], {@value #DEFAULT_IMPORTANCE} when not given
 * @param createdAt  when the round ended, or null to use the time the service received it
 */
public record RecordExperienceCommand(String profileId, String task, String outcome, String lesson,
                                      double importance, Instant createdAt) {

    public static final int MAX_TEXT_CODE_POINTS = 4000;
    public static final int MAX_OUTCOME_CODE_POINTS = 200;
    public static final double DEFAULT_IMPORTANCE = 0.5;

    public RecordExperienceCommand {
        Validation v = new Validation();
        check(v, profileId, task, outcome, lesson, importance);
        v.check();
    }

    /** Adds a problem to {@code v} for every invalid field, so that a reader can name its own fields too. */
    public static void check(Validation v, String profileId, String task, String outcome, String lesson,
                             double importance) {
        v.profileId("profile_id", profileId);
        v.text("task", task, MAX_TEXT_CODE_POINTS);
        v.text("outcome", outcome, MAX_OUTCOME_CODE_POINTS);
        v.text("lesson", lesson, MAX_TEXT_CODE_POINTS);
        if (!(importance >= 0.0 && importance <= 1.0)) { // also refuses NaN
            v.fail("importance", "must be a number from 0 to 1");
        }
    }
}
