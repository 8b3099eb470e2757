package dev.pmmemory.adapters.postgres;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Instants as stored: milliseconds, as the SQLite store keeps them (epoch millis), so that both
 * stores give back the same value for the same input; timestamptz would keep microseconds and
 * round, not cut, anything finer.
 */
final class Times {
    private Times() {
    }

    static Instant stored(Instant t) {
        return t == null ? null : t.truncatedTo(ChronoUnit.MILLIS);
    }
}
