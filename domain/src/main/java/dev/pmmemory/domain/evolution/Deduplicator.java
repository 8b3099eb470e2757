package dev.pmmemory.domain.evolution;

import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Repeated emphasis (rules.md §3 step 5): the same content again strengthens the active memory
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
     * The memory a repeat strengthens, among memories with its dedup key: one visible when the
     * repeat was said (the most recently seen, then the smallest id, should late repeats have made
     * two overlap); else, for a repeat arriving late, the earliest one that became visible within
     * the repeat's own lifetime (in time order the repeat would have started it). A memory that had
     * expired, or been superseded or deleted, when the repeat was said is never strengthened: the
     * repeat starts a new memory of weight 1.
     */
    public static Optional<Memory> target(List<Memory> sameKey, MemoryDraft draft) {
        Instant said = draft.createdAt();
        Instant wouldExpire = Lifetime.expiresAt(said, draft.ttl());
        List<Memory> candidates = sameKey.stream()
                .filter(m -> sameMemory(m, draft))
                .filter(m -> Lifetime.isVisibleDuring(m, said, wouldExpire))
                .toList();
        Optional<Memory> visibleWhenSaid = candidates.stream()
                .filter(m -> Lifetime.isVisibleAt(m, said))
                .min(Comparator.comparing(Memory::lastSeenAt).reversed().thenComparing(Memory::id));
        if (visibleWhenSaid.isPresent()) {
            return visibleWhenSaid;
        }
        return candidates.stream().min(Comparator.comparing(Memory::validFrom).thenComparing(Memory::id));
    }

    /**
     * weight + 1, last_seen_at = max, TTL restarted from last_seen_at, the raw message added to
     * the sources. created_at (and valid_from) become the earliest of the two, and the source that of the
     * earlier one, so that the result does not depend on the order in which repeats arrive. A memory the
     * sweep had marked {@code expired} is active again when the repeat (said while it was visible) carries
     * its expiry past {@code now}.
     */
    public Memory merge(Memory existing, MemoryDraft draft, Instant now) {
        return activeAgainIfAlive(merge(existing, draft), now);
    }

    /** A memory the sweep marked {@code expired} whose expiry now lies past {@code now} is active again. */
    private static Memory activeAgainIfAlive(Memory m, Instant now) {
        boolean alive = m.expiresAt() == null || m.expiresAt().isAfter(now);
        return m.status() == MemoryStatus.EXPIRED && alive ? m.toBuilder().status(MemoryStatus.ACTIVE).build() : m;
    }

    /** {@link #merge(Memory, MemoryDraft, Instant)} without the expired-status rule (pure time values). */
    public Memory merge(Memory existing, MemoryDraft draft) {
        if (!sameMemory(existing, draft)) {
            throw new IllegalArgumentException("draft is not a repeat of memory " + existing.id());
        }
        Instant lastSeen = max(existing.lastSeenAt(), draft.createdAt());
        Instant created = min(existing.createdAt(), draft.createdAt());
        Instant validFrom = existing.validFrom() == null ? null : min(existing.validFrom(), draft.createdAt());
        // a late repeat said before the memory began would have created it in time order: its source counts
        Source source = draft.createdAt().isBefore(existing.createdAt()) ? draft.source() : existing.source();
        return existing.withSourceMessage(draft.rawMessageId()).toBuilder()
                .weight(existing.weight() + 1)
                .source(source)
                .lastSeenAt(lastSeen)
                .createdAt(created)
                .validFrom(validFrom)
                .expiresAt(Lifetime.expiresAt(lastSeen, draft.ttl()))
                .build();
    }

    /**
     * A late repeat can bridge two memories of one key: said while the first was visible, it carries
     * the first's expiry past the start of the second, which in time order would have been the same
     * memory. Such a pair is folded: {@link Fold#kept} takes the other's weight, times and sources,
     * and the other is retired, superseded by it with an empty window (never visible at any instant:
     * it was the same memory all along). Only plain pairs are folded: neither superseded for any
     * entity nor closed; the caller also keeps any memory another one was superseded by.
     */
    public static boolean canFold(Memory kept, Memory other) {
        return !kept.id().equals(other.id())
                && kept.profileId().equals(other.profileId())
                && kept.type() == other.type()
                && kept.normalizedContent().equals(other.normalizedContent())
                && isPlain(kept) && isPlain(other)
                && Lifetime.isVisibleDuring(other, kept.validFrom(), kept.expiresAt());
    }

    private static boolean isPlain(Memory m) {
        return (m.status() == MemoryStatus.ACTIVE || m.status() == MemoryStatus.EXPIRED)
                && m.validFrom() != null && m.validUntil() == null && m.supersededEntityKeys().isEmpty();
    }

    /** Folds {@code other} into {@code kept} (see {@link #canFold}); {@code ttl} of their type. */
    public Fold fold(Memory kept, Memory other, Optional<Duration> ttl, Instant now) {
        if (!canFold(kept, other)) {
            throw new IllegalArgumentException("memory " + other.id() + " cannot fold into " + kept.id());
        }
        Instant lastSeen = max(kept.lastSeenAt(), other.lastSeenAt());
        Instant expires = Lifetime.expiresAt(lastSeen, ttl);
        List<String> sources = new ArrayList<>(kept.sourceMessageIds());
        other.sourceMessageIds().stream().filter(id -> !sources.contains(id)).forEach(sources::add);
        Memory joined = kept.toBuilder()
                .weight(kept.weight() + other.weight())
                .lastSeenAt(lastSeen)
                .createdAt(min(kept.createdAt(), other.createdAt()))
                .validFrom(min(kept.validFrom(), other.validFrom()))
                .expiresAt(expires)
                .sourceMessageIds(sources)
                .build();
        Memory retired = other.toBuilder()
                .status(MemoryStatus.SUPERSEDED)
                .supersededBy(kept.id())
                .validUntil(other.validFrom())
                .build();
        return new Fold(activeAgainIfAlive(joined, now), retired);
    }

    /** The result of {@link #fold}. */
    public record Fold(Memory kept, Memory retired) {
    }

    private static Instant max(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }
}
