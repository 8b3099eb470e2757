package dev.pmmemory.domain.memory;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * Recall-aware retention (docs/rules.md "Recall-aware retention"): what use does to an active memory's
 * expiry. A memory returned by at least {@code extendAfter} present recalls lives one TTL from its last
 * recall; a never-recalled memory of a low-priority type lives {@code fadeFactor} of its TTL. Neither
 * rule touches a memory without expiry (permanent types and pinned memories never fade), nor the past:
 * an extension only moves a future expiry later, a fade never moves it before now.
 *
 * @param extendAfter     recalls from which a memory's life is extended (at least 1)
 * @param fadeFactor      the share of its TTL a never-recalled low-priority memory lives, in (0, 1]
 * @param fadeMaxPriority types whose lexicon priority is at most this are low priority
 */
public record RecallRetention(int extendAfter, double fadeFactor, double fadeMaxPriority) {
    public static final RecallRetention DEFAULTS = new RecallRetention(3, 0.5, 0.6);

    public RecallRetention {
        if (extendAfter < 1) {
            throw new IllegalArgumentException("extend-after must be at least 1, was " + extendAfter);
        }
        if (!(fadeFactor > 0 && fadeFactor <= 1)) {
            throw new IllegalArgumentException("fade-factor must be in (0, 1], was " + fadeFactor);
        }
        if (!(fadeMaxPriority >= 0 && fadeMaxPriority <= 1)) {
            throw new IllegalArgumentException("fade-max-priority must be in [0, 1], was " + fadeMaxPriority);
        }
    }

    /** What the rules do to one memory's expiry. */
    public enum Change {
        /** Used often enough: lives one TTL from its last recall. */
        EXTENDED,
        /** Never used and of low priority: expires sooner. */
        FADED
    }

    /** A new expiry and why. */
    public record Decision(Change change, Instant expiresAt) {
    }

    /**
     * The change to {@code m}'s expiry at {@code now}, if any.
     *
     * @param ttl      the TTL of its type (empty: a permanent type)
     * @param priority the lexicon priority of its type
     */
    public Optional<Decision> decide(Memory m, Optional<Duration> ttl, double priority, Instant now) {
        if (m.status() != MemoryStatus.ACTIVE || m.expiresAt() == null || ttl.isEmpty()
                || !m.expiresAt().isAfter(now)) {
            return Optional.empty(); // pinned (no expiry), not active, or already past: nothing to keep or fade
        }
        RecallUse use = m.recall();
        if (use.count() >= extendAfter) {
            Instant extended = use.lastRecalledAt().plus(ttl.get());
            return extended.isAfter(m.expiresAt())
                    ? Optional.of(new Decision(Change.EXTENDED, extended)) : Optional.empty();
        }
        if (use.never() && priority <= fadeMaxPriority) {
            long faded = Math.round(ttl.get().toMillis() * fadeFactor);
            Instant early = m.lastSeenAt().plusMillis(faded);
            Instant expiry = early.isAfter(now) ? early : now;
            return expiry.isBefore(m.expiresAt()) ? Optional.of(new Decision(Change.FADED, expiry)) : Optional.empty();
        }
        return Optional.empty();
    }
}
