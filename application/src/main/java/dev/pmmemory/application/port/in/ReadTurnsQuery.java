package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;

/** A valid read of a session's last turns. Build it with {@link #of}, which names every invalid field. */
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

    /** From raw wire values; {@code last} absent means {@value #DEFAULT_LAST}. */
    public static ReadTurnsQuery of(String sessionId, String last) {
        Validation v = new Validation();
        v.profileId("session_id", sessionId);
        int n = v.intInRange("last", last, DEFAULT_LAST, 1, MAX_LAST);
        v.check();
        return new ReadTurnsQuery(sessionId, n);
    }
}
