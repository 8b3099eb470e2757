package dev.pmmemory.domain.memory;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import dev.pmmemory.domain.formula.Bindings;
import dev.pmmemory.domain.formula.Parameter;

/** Lifetime rules of rules.md §5: when a memory expires and when it is visible. */
public final class Lifetime {
    private Lifetime() {
    }

    /** expires_at = last_seen_at + TTL; {@code null} for permanent types. */
    public static Instant expiresAt(Instant lastSeenAt, Optional<Duration> ttl) {
        return ttl.map(lastSeenAt::plus).orElse(null);
    }

    /** Visible at {@code t}: the rule {@link Visibility#AT}. */
    public static boolean isVisibleAt(Memory m, Instant t) {
        return Visibility.AT.test(new MemoryValues(m, Bindings.of(Parameter.AS_OF, t.toEpochMilli())));
    }

    /**
     * Visible at some instant of [{@code from}, {@code until}) ({@code until} null: no end): its window
     * [valid_from, min(valid_until, expires_at)) meets that range ({@link Visibility#DURING}). The write
     * path's candidates are the memories visible during a new message's own lifetime: visible when it was
     * said, or (a message arriving late) becoming visible before it would itself expire. A memory whose
     * window closed at or before {@code from} (expired, superseded, deleted) is never one of them.
     */
    public static boolean isVisibleDuring(Memory m, Instant from, Instant until) {
        return Visibility.DURING.test(new MemoryValues(m, Bindings.of(Parameter.FROM, from.toEpochMilli())
                .and(Parameter.UNTIL, until == null ? Double.POSITIVE_INFINITY : until.toEpochMilli())));
    }

    /**
     * The status a reader sees at {@code t}: active while visible (so recalling a past instant
     * shows what held then), expired once an active memory is past its expiry (before the sweep
     * has materialised it: reads never write), otherwise the stored status.
     */
    public static MemoryStatus statusAt(Memory m, Instant t) {
        if (isVisibleAt(m, t)) {
            return MemoryStatus.ACTIVE;
        }
        if (m.status() == MemoryStatus.ACTIVE && m.expiresAt() != null && !t.isBefore(m.expiresAt())) {
            return MemoryStatus.EXPIRED;
        }
        return m.status();
    }
}
