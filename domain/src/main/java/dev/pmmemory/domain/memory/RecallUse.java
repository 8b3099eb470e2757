package dev.pmmemory.domain.memory;

import java.time.Instant;
import java.util.Objects;

/**
 * How often a memory was returned by a present context recall, and when last (docs/rules.md
 * "Recall counts"). Counted off the request path, so a memory read right after a recall may not
 * show it yet.
 *
 * @param count          how many present recalls returned it (0: never)
 * @param lastRecalledAt the instant of the latest of them; null exactly when {@code count} is 0
 */
public record RecallUse(long count, Instant lastRecalledAt) {
    public static final RecallUse NEVER = new RecallUse(0, null);

    public RecallUse {
        if (count < 0) {
            throw new IllegalArgumentException("a recall count is >= 0");
        }
        if ((count == 0) != (lastRecalledAt == null)) {
            throw new IllegalArgumentException("last_recalled_at is set exactly when the count is above 0");
        }
    }

    public boolean never() {
        return count == 0;
    }

    /** This use and {@code times} more recalls, the last at {@code at} (a later one keeps its own). */
    public RecallUse plus(long times, Instant at) {
        Objects.requireNonNull(at, "at");
        if (times < 1) {
            throw new IllegalArgumentException("at least one recall is added");
        }
        Instant last = lastRecalledAt == null || at.isAfter(lastRecalledAt) ? at : lastRecalledAt;
        return new RecallUse(count + times, last);
    }
}
