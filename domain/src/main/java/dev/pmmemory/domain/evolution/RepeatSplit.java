package dev.pmmemory.domain.evolution;

import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.Source;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A late opposite decision said inside a repeated decision's span (rules.md §4): "X 可以推进" said at 06:00
 * and 17:00 is one memory of weight 2; "X 商业化弱" said at 09:00 arrives after both. In time order the
 * 09:00 reversal took the first mention over, and the 17:00 mention, finding no visible memory of its key,
 * started a new one. So the repeated memory is cut at the reversal: it keeps the mentions said at or
 * before it (and is superseded by the reversal, as in time order), and the mentions said after it are
 * filed again, oldest first, as if they had just arrived.
 *
 * <p>A memory is cut only when the reversal takes over every entity it still spoke for when the reversal
 * was said, and is at least as confident as the part before: when it takes some entities only, the
 * memory stays visible for the others and, in time order, its later mentions still joined it; when it is
 * less confident it was held pending and the memory went on. A memory closed (superseded) after its last
 * mention may be cut: the mentions filed again meet that newer decision and are closed by it as it was.
 */
public final class RepeatSplit {

    private RepeatSplit() {
    }

    /**
     * Whether late decision {@code late} cuts {@code repeated} (see the class comment); {@code heldWhenSaid}:
     * the entities {@code repeated} spoke for when {@code late} was said.
     */
    public static boolean cuts(Memory late, Memory repeated, Set<String> heldWhenSaid) {
        boolean closedAfterLastMention = repeated.validUntil() == null
                || !repeated.validUntil().isBefore(repeated.lastSeenAt());
        return spans(late, repeated)
                && (repeated.status() == MemoryStatus.ACTIVE || repeated.status() == MemoryStatus.EXPIRED
                        || repeated.status() == MemoryStatus.SUPERSEDED)
                && closedAfterLastMention
                && !heldWhenSaid.isEmpty() && late.entityKeys().containsAll(heldWhenSaid);
    }

    /**
     * Whether late decision {@code late} takes over only some of the entities {@code repeated} (open, not
     * closed) spoke for when it was said, {@code heldWhenSaid}: in time order the repeated memory gave those
     * up then and stayed visible for the others, so its later mentions still joined it. It is not cut; it
     * meets {@code late} as its part said by then ({@link #cut}'s {@code before}) and gives those entities up
     * from then on. Not when it gave up its other entities since (it would then be closed at the wrong time).
     */
    public static boolean takesSomeOver(Memory late, Memory repeated, Set<String> heldWhenSaid) {
        Set<String> shared = new HashSet<>(heldWhenSaid);
        shared.retainAll(late.entityKeys());
        Set<String> givenUp = new HashSet<>(repeated.supersededEntityKeys());
        givenUp.addAll(shared);
        return spans(late, repeated)
                && (repeated.status() == MemoryStatus.ACTIVE || repeated.status() == MemoryStatus.EXPIRED)
                && repeated.validUntil() == null
                && !shared.isEmpty() && !givenUp.containsAll(repeated.entityKeys());
    }

    /**
     * Whether {@code repeated} is an opposite decision of {@code late}, visible when it was said and mentioned
     * again after: the precondition of {@link #cuts} and {@link #takesSomeOver}, cheap to check before the
     * entities it held back then are derived.
     */
    public static boolean spans(Memory late, Memory repeated) {
        Instant said = late.createdAt();
        return ConflictResolver.oppositeDecision(late.type()).filter(t -> t == repeated.type()).isPresent()
                && !repeated.id().equals(late.id())
                && Lifetime.isVisibleAt(repeated, said)
                && repeated.lastSeenAt().isAfter(said);
    }

    /**
     * {@code repeated} (which {@link #cuts} says {@code late} cuts) cut where {@code late} was said: it keeps
     * its mentions said at or before then (weight, last seen and expiry recomputed from them with
     * {@code ttl}, the source of the earliest one, which in time order created it); the others, oldest
     * first, are to be filed again. Empty when no mention was said after, one's time is unknown, or the
     * part before was more confident than {@code late} (in time order it held {@code late} pending).
     *
     * @param mentions each of its source messages, by raw message id
     */
    public static Optional<Cut> cut(Memory late, Memory repeated, Map<String, Mention> mentions,
                                    Optional<Duration> ttl) {
        Instant at = late.createdAt();
        List<String> kept = new ArrayList<>();
        List<String> later = new ArrayList<>();
        Mention first = null;
        Instant lastSeen = null;
        for (String id : repeated.sourceMessageIds()) {
            Mention m = mentions.get(id);
            if (m == null) {
                return Optional.empty(); // a purged message: its time is unknown, so is the cut
            }
            if (m.saidAt().isAfter(at)) {
                later.add(id);
                continue;
            }
            kept.add(id);
            lastSeen = lastSeen == null || m.saidAt().isAfter(lastSeen) ? m.saidAt() : lastSeen;
            first = first == null || m.saidAt().isBefore(first.saidAt()) ? m : first;
        }
        if (later.isEmpty() || kept.isEmpty() || first.source().confidence() > late.source().confidence()) {
            return Optional.empty();
        }
        later.sort(Comparator.comparing((String id) -> mentions.get(id).saidAt()).thenComparing(id -> id));
        Memory before = repeated.toBuilder()
                .weight(kept.size())
                .source(first.source())
                .lastSeenAt(lastSeen)
                .expiresAt(Lifetime.expiresAt(lastSeen, ttl))
                .sourceMessageIds(kept)
                .build();
        return Optional.of(new Cut(before, later));
    }

    /** One source message of a memory: when it was said and by whom. */
    public record Mention(Instant saidAt, Source source) {
        public Mention {
            Objects.requireNonNull(saidAt, "saidAt");
            Objects.requireNonNull(source, "source");
        }
    }

    /**
     * @param before   the repeated memory with only its messages said by the cut
     * @param laterIds the raw message ids said after the cut, oldest first, to file again
     */
    public record Cut(Memory before, List<String> laterIds) {
        public Cut {
            Objects.requireNonNull(before, "before");
            laterIds = List.copyOf(laterIds);
        }
    }
}
