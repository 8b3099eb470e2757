package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;

/** A valid read of a session's last turns. */
public record ReadTurnsQuery(String sessionId, int last) {
    public static final int DEFAULT_LAST = 20;
    public static final int MAX_LAST = 200;

    public ReadTurnsQuery {
        Validation v = new Validation();
        v.profileId("session_id", sessionId);
        if (last < 1 || last > MAX_LAST) {
            v.fail("last", "must be a whole number from 1 to " + MAX_LAST);
        }
        v.check();
    }
}
