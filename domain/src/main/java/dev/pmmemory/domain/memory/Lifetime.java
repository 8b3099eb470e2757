package dev.pmmemory.domain.memory;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/** Lifetime rules of DOMAIN.md §5: when a memory expires and when it is visible. */
public final class Lifetime {
    private Lifetime() {
    }

    /** expires_at = last_seen_at + TTL; {@code null} for permanent types. */
    public static Instant expiresAt(Instant lastSeenAt, Optional<Duration> ttl) {
        return ttl.map(lastSeenAt::plus).orElse(null);
    }

    /**
     * Visible at {@code t}: valid_from ≤ t, not superseded / deleted / rejected at or before t
     * (valid_until), not pending at t (no valid_from yet), and t before expires_at.
     */
    public static boolean isVisibleAt(Memory m, Instant t) {
        if (m.validFrom() == null || m.validFrom().isAfter(t)) {
            return false;
        }
        if (m.validUntil() != null && !t.isBefore(m.validUntil())) {
            return false;
        }
        if (m.status() == MemoryStatus.PENDING || m.status() == MemoryStatus.REJECTED) {
            return false;
        }
        return m.expiresAt() == null || t.isBefore(m.expiresAt());
    }

    /**
     * Visible at some instant of [{@code from}, {@code until}) ({@code until} null: no end): its window
     * [valid_from, min(valid_until, expires_at)) meets that range. The write path's candidates are the
     * memories visible during a new message's own lifetime: visible when it was said, or (a message
     * arriving late) becoming visible before it would itself expire. A memory whose window closed at or
     * before {@code from} (expired, superseded, deleted) is never one of them.
     */
    public static boolean isVisibleDuring(Memory m, Instant from, Instant until) {
        if (m.validFrom() == null || m.status() == MemoryStatus.PENDING || m.status() == MemoryStatus.REJECTED) {
            return false;
        }
        Instant start = m.validFrom().isAfter(from) ? m.validFrom() : from;
        return isBeforeOrOpen(start, m.validUntil()) && isBeforeOrOpen(start, m.expiresAt())
                && isBeforeOrOpen(start, until);
    }

    private static boolean isBeforeOrOpen(Instant t, Instant end) {
        return end == null || t.isBefore(end);
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
