package dev.pmmemory.application.port.in;

import dev.pmmemory.application.model.TurnRole;

import dev.pmmemory.application.Validation;

/**
 * A valid session turn, before redaction.
 *
 * @param profileId nullable: the profile the conversation is with, when the caller says
 */
public record RecordTurnCommand(String sessionId, TurnRole role, String content, String profileId) {
    public static final int MAX_CONTENT_CODE_POINTS = 4000;

    public RecordTurnCommand {
        Validation v = new Validation();
        check(v, sessionId, content, profileId);
        if (role == null) {
            v.fail("role", "must be one of " + TurnRole.WIRE_NAMES);
        }
        v.check();
    }

    /** Adds a problem to {@code v} for every invalid field but the role, so that a reader can name its own too. */
    public static void check(Validation v, String sessionId, String content, String profileId) {
        v.profileId("session_id", sessionId);
        v.text("content", content, MAX_CONTENT_CODE_POINTS);
        if (profileId != null) {
            v.profileId("profile_id", profileId);
        }
    }
}
