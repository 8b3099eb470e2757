package dev.pmmemory.application.port.in;

import dev.pmmemory.application.model.TurnRole;

import dev.pmmemory.application.Validation;

/**
 * A valid session turn, before redaction. Build it with {@link #of}, which names every invalid field.
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

    /** From raw wire values (any may be null); every invalid field is reported at once. */
    public static RecordTurnCommand of(String sessionId, String role, String content, String profileId) {
        Validation v = new Validation();
        check(v, sessionId, content, profileId);
        TurnRole r = role == null ? null
                : v.optionalEnum("role", role, TurnRole::fromWireName, TurnRole.WIRE_NAMES);
        if (role == null) {
            v.fail("role", "is required: one of " + TurnRole.WIRE_NAMES);
        }
        v.check();
        return new RecordTurnCommand(sessionId, r, content, profileId);
    }

    private static void check(Validation v, String sessionId, String content, String profileId) {
        v.profileId("session_id", sessionId);
        v.text("content", content, MAX_CONTENT_CODE_POINTS);
        if (profileId != null) {
            v.profileId("profile_id", profileId);
        }
    }
}
