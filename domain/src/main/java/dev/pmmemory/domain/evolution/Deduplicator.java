package dev.pmmemory.domain.evolution;

import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import java.time.Instant;

/**
 * Repeated emphasis (DOMAIN.md §3 step 6): the same content again strengthens the active memory
 * instead of creating a second one.
 */
public final class Deduplicator {

    /** The dedup key: same profile, same type, same normalised content. */
    public static boolean sameMemory(Memory existing, MemoryDraft draft) {
        return existing.profileId().equals(draft.profileId())
                && existing.type() == draft.type()
                && existing.normalizedContent().equals(draft.normalizedContent());
    }

    /**
     * weight + 1, last_seen_at = max, TTL restarted from last_seen_at, the raw message added to
     * the sources. created_at (and valid_from) become the earliest of the two, so that the result
     * does not depend on the order in which repeats arrive.
     */
    public Memory merge(Memory existing, MemoryDraft draft) {
        if (!sameMemory(existing, draft)) {
            throw new IllegalArgumentException("draft is not a repeat of memory " + existing.id());
        }
        Instant lastSeen = max(existing.lastSeenAt(), draft.createdAt());
        Instant created = min(existing.createdAt(), draft.createdAt());
        Instant validFrom = existing.validFrom() == null ? null : min(existing.validFrom(), draft.createdAt());
        return existing.withSourceMessage(draft.rawMessageId()).toBuilder()
                .weight(existing.weight() + 1)
                .lastSeenAt(lastSeen)
                .createdAt(created)
                .validFrom(validFrom)
                .expiresAt(Lifetime.expiresAt(lastSeen, draft.ttl()))
                .build();
    }

    private static Instant max(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }
}
