package dev.pmmemory.domain.evolution;

import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.PendingReason;
import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Decision reversals (rules.md §4): a new project_advance against an active project_negative on
 * the same entity, or the other way round. Positive vs negative is not a conflict.
 *
 * <p>Supersession is per entity: an existing memory gives up only the entities it shares with the
 * newer decision and becomes {@code superseded} once it has given up all of them. The same holds
 * for a new memory that arrives after a newer opposite decision.
 */
public final class ConflictResolver {

    /** The decision type a memory of {@code type} reverses, if any. */
    public static Optional<MemoryType> oppositeDecision(MemoryType type) {
        return switch (type) {
            case PROJECT_ADVANCE -> Optional.of(MemoryType.PROJECT_NEGATIVE);
            case PROJECT_NEGATIVE -> Optional.of(MemoryType.PROJECT_ADVANCE);
            default -> Optional.empty();
        };
    }

    /**
     * Resolves a new active memory against existing memories (any may be passed). Only opposite
     * decisions sharing a live entity and visible during the new memory's lifetime count
     * ({@link Lifetime#isVisibleDuring}): one visible when it was said is superseded (or holds it
     * pending), one that became visible later takes the late message over; one that had expired
     * or ended before it was said takes no part.
     */
    public Resolution resolve(Memory incoming, List<Memory> existing) {
        return resolve(incoming, existing, false);
    }

    /**
     * {@link #resolve(Memory, List)} for a message that may arrive after later events: {@code heldAt} gives
     * the entities an existing memory spoke for at an instant (it may have given some up since): when the
     * new one was said, or, for a newer decision, when it took the new one over; so that the result is
     * the one in-order arrival would have given.
     */
    public Resolution resolve(Memory incoming, List<Memory> existing,
                              BiFunction<Memory, Instant, Set<String>> heldAt) {
        return resolve(incoming, existing, false, takeoverOf(incoming), heldAt);
    }

    /**
     * A pending memory the PM confirmed: it now wins over every opposite decision it shares an
     * entity with, whatever their confidence. {@code confirmedAt} becomes its valid_from.
     */
    public Resolution resolveConfirmed(Memory pending, List<Memory> existing, Instant confirmedAt) {
        Memory activated = pending.toBuilder().status(MemoryStatus.ACTIVE).validFrom(confirmedAt).build();
        return resolve(activated, existing, true, confirmedAt);
    }

    /**
     * An active memory the PM corrected (its type or content changed): like a confirm, the PM's own
     * word wins over the opposite decisions it now shares an entity with, whatever their confidence,
     * but only from {@code correctedAt} on (until then those decisions held); it keeps its own
     * valid_from. A newer opposite decision still takes it over, as on the write path.
     */
    public Resolution resolveCorrected(Memory corrected, List<Memory> existing, Instant correctedAt) {
        return resolve(corrected, existing, true, correctedAt);
    }

    /**
     * Whether a late repeat said at {@code said} (with {@code source}) may join {@code target}, a memory of
     * its key that only started later, moving its start back to {@code said} (Deduplicator.target). Not
     * when, in time order, the repeat would have been a memory of its own: an opposite decision sharing
     * an entity was said in between (it took the repeat over, and the target was said after that), or
     * one visible when it was said was more confident (the repeat was held pending).
     * {@code opposites}: candidates visible between {@code said} and the target's start.
     */
    public static boolean mayMoveStartBack(Memory target, Source source, Instant said, List<Memory> opposites) {
        return relevantOpposites(target, said, opposites).stream()
                .noneMatch(o -> o.createdAt().isAfter(said) || o.source().confidence() > source.confidence());
    }

    /**
     * {@code moved}'s start was moved back by a late repeat (see {@link #mayMoveStartBack}): the opposite
     * decisions visible at its new start, said before it, are taken over from then on for the shared
     * entities, as they would have been in time order. An earlier recorded takeover of the same
     * entities stays in the audit trail; the earliest one counts.
     */
    public Resolution takeOverFromNewStart(Memory moved, List<Memory> opposites) {
        Instant from = moved.validFrom();
        List<Memory> changed = new ArrayList<>();
        List<Supersession> supersessions = new ArrayList<>();
        for (Memory o : relevantOpposites(moved, from, opposites)) {
            if (!Lifetime.isVisibleAt(o, from) || o.createdAt().isAfter(from)
                    || o.status() == MemoryStatus.DELETED) {
                continue;
            }
            // all shared entities, also those given up later (the earliest recorded takeover counts)
            Set<String> shared = new LinkedHashSet<>(o.entityKeys());
            shared.retainAll(moved.entityKeys());
            if (shared.isEmpty()) {
                continue;
            }
            Memory reopened = o.status() == MemoryStatus.SUPERSEDED
                    ? o.toBuilder().status(MemoryStatus.ACTIVE).supersededBy(null).validUntil(null).build()
                    : o;
            Memory after = giveUp(reopened, shared, moved.id(), from);
            if (after.status() != MemoryStatus.SUPERSEDED && o.status() == MemoryStatus.SUPERSEDED) {
                after = o; // still closed later by the decision that closed it; only the event is earlier
            }
            changed.add(after);
            supersessions.add(new Supersession(o.id(), moved.id(), shared, from,
                    after.status() == MemoryStatus.SUPERSEDED));
        }
        return new Resolution(moved, changed, supersessions);
    }

    /** Opposite decisions of {@code m} sharing an entity with it and visible from {@code from} on. */
    private static List<Memory> relevantOpposites(Memory m, Instant from, List<Memory> candidates) {
        Optional<MemoryType> opposite = oppositeDecision(m.type());
        return candidates.stream()
                .filter(o -> opposite.isPresent() && o.type() == opposite.get())
                .filter(o -> !o.id().equals(m.id()))
                .filter(o -> Lifetime.isVisibleDuring(o, from, m.validFrom().isAfter(from) ? m.validFrom() : null))
                .filter(o -> o.entityKeys().stream().anyMatch(m.entityKeys()::contains))
                .sorted(Comparator.comparing(Memory::id))
                .toList();
    }

    private Resolution resolve(Memory incoming, List<Memory> existing, boolean confirmed) {
        return resolve(incoming, existing, confirmed, takeoverOf(incoming));
    }

    private static Instant takeoverOf(Memory incoming) {
        return incoming.validFrom() != null ? incoming.validFrom() : incoming.createdAt();
    }

    private Resolution resolve(Memory incoming, List<Memory> existing, boolean confirmed, Instant takeover) {
        return resolve(incoming, existing, confirmed, takeover, null);
    }

    private Resolution resolve(Memory incoming, List<Memory> existing, boolean confirmed, Instant takeover,
                               BiFunction<Memory, Instant, Set<String>> heldAt) {
        Optional<MemoryType> opposite = oppositeDecision(incoming.type());
        if (opposite.isEmpty()) {
            return new Resolution(incoming, List.of(), List.of());
        }
        Set<String> incomingKeys = new LinkedHashSet<>(incoming.entityKeys());
        List<Memory> toSupersede = new ArrayList<>();
        List<Set<String>> toSupersedeShared = new ArrayList<>();
        // per entity of a late message, the newer decision that took it over first (in time order the
        // later ones found that entity already given up)
        Map<String, Memory> firstTakeover = new LinkedHashMap<>();
        boolean pending = false;

        List<Memory> conflicting = existing.stream()
                .filter(e -> e.type() == opposite.get())
                .filter(e -> Lifetime.isVisibleDuring(e, incoming.createdAt(), incoming.expiresAt()))
                .filter(e -> !e.id().equals(incoming.id()))
                .sorted(Comparator.comparing(Memory::id))
                .toList();
        for (Memory e : conflicting) {
            Set<String> shared = new LinkedHashSet<>(heldWhenTakingOver(incoming, e, heldAt));
            shared.retainAll(incomingKeys);
            if (shared.isEmpty()) {
                continue;
            }
            if (incoming.createdAt().isBefore(e.lastSeenAt())) {
                for (String key : shared) {
                    firstTakeover.merge(key, e, (a, b) -> takesOverAt(incoming, b).isBefore(takesOverAt(incoming, a))
                            ? b : a);
                }
            } else if (confirmed || incoming.source().confidence() >= e.source().confidence()) {
                toSupersede.add(e);
                toSupersedeShared.add(shared);
            } else {
                pending = true;
            }
        }

        if (pending) {
            Memory held = incoming.toBuilder().status(MemoryStatus.PENDING).validFrom(null)
                    .pendingReason(PendingReason.CONFLICT).build();
            return new Resolution(held, List.of(), List.of());
        }

        List<Memory> changed = new ArrayList<>();
        List<Supersession> supersessions = new ArrayList<>();
        for (int i = 0; i < toSupersede.size(); i++) {
            Memory e = toSupersede.get(i);
            Set<String> shared = toSupersedeShared.get(i);
            Memory after = giveUp(e, shared, incoming.id(), takeover);
            changed.add(after);
            supersessions.add(new Supersession(e.id(), incoming.id(), shared, takeover,
                    after.status() == MemoryStatus.SUPERSEDED));
        }

        Memory result = incoming;
        // The newer opposite decisions already hold these entities: the late message is history from
        // the moment it was said until each entity's first takeover, recorded in time order.
        Map<Memory, Set<String>> byWinner = new LinkedHashMap<>();
        firstTakeover.entrySet().stream()
                .sorted(Comparator.comparing((Map.Entry<String, Memory> en) -> takesOverAt(incoming, en.getValue()))
                        .thenComparing(en -> en.getValue().id()))
                .forEach(en -> byWinner.computeIfAbsent(en.getValue(), w -> new LinkedHashSet<>()).add(en.getKey()));
        for (Map.Entry<Memory, Set<String>> en : byWinner.entrySet()) {
            Instant until = takesOverAt(incoming, en.getKey());
            result = giveUp(result, en.getValue(), en.getKey().id(), until);
            supersessions.add(new Supersession(incoming.id(), en.getKey().id(), en.getValue(), until,
                    result.status() == MemoryStatus.SUPERSEDED));
        }
        return new Resolution(result, changed, supersessions);
    }

    /** {@code m} stops speaking for {@code keys}; wholly superseded once no live entity is left. */
    private static Memory giveUp(Memory m, Set<String> keys, String byId, Instant at) {
        Set<String> superseded = new HashSet<>(m.supersededEntityKeys());
        superseded.addAll(keys);
        Memory.Builder b = m.toBuilder().supersededEntityKeys(superseded);
        if (superseded.containsAll(m.entityKeys())) {
            b.status(MemoryStatus.SUPERSEDED).supersededBy(byId).validUntil(at);
        }
        return b.build();
    }

    /**
     * The entities {@code e} speaks for against {@code incoming}: its live ones, or, when it is newer and
     * was only closed after it would have taken the late message over, all it was said about.
     */
    private static Collection<String> heldWhenTakingOver(Memory incoming, Memory e,
                                                         BiFunction<Memory, Instant, Set<String>> heldAt) {
        boolean newer = incoming.createdAt().isBefore(e.lastSeenAt());
        if (heldAt != null) {
            return heldAt.apply(e, newer ? takesOverAt(incoming, e) : incoming.createdAt());
        }
        boolean closedAfterTakeover = newer && e.status() == MemoryStatus.SUPERSEDED && e.validUntil() != null
                && e.validUntil().isAfter(takesOverAt(incoming, e));
        return closedAfterTakeover ? e.entityKeys() : e.liveEntityKeys();
    }

    /** When newer decision {@code winner} takes late message {@code late} over: when it was said, at the earliest. */
    private static Instant takesOverAt(Memory late, Memory winner) {
        return later(late.createdAt(), winner.createdAt());
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }
}
