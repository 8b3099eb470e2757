package dev.pmmemory.domain.evolution;

import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A memory as it was at an instant (rules.md §5, "the past as it was"), derived from what is stored rather
 * than kept as versions: its source messages' created_at give its weight, last_seen_at and so its
 * expiry at T (a message counts from the moment it was said, also when it arrived late); its
 * supersessions' takeover times give which entities it had given up; valid_from / valid_until give
 * when it was pending, visible, or closed (superseded, deleted, rejected).
 *
 * <p>State at T therefore equals the state a fresh store would hold had it received only the
 * messages said at or before T: repeats of one memory are never further apart than its TTL, so the
 * ones said by T form that memory on their own.
 *
 * @param sourceTimes      created_at of each of its source messages (any order)
 * @param takeovers        each newer opposite decision that took entities over from it, with its time
 * @param ttl              the TTL its expiry follows, empty for a permanent memory
 * @param expirySetByHandAt when a correction last set its expires_at by hand (that value holds from then
 *                         on), or null
 */
public record PastState(Memory memory, List<Instant> sourceTimes, List<Supersession> takeovers,
                        Optional<Duration> ttl, Instant expirySetByHandAt) {

    public PastState {
        Objects.requireNonNull(memory, "memory");
        sourceTimes = List.copyOf(sourceTimes);
        takeovers = List.copyOf(takeovers);
        Objects.requireNonNull(ttl, "ttl");
    }

    /** The memory as it was at {@code t}, or empty when it did not exist yet (nothing of it said by then). */
    public Optional<Memory> at(Instant t) {
        Memory m = memory;
        if (m.createdAt().isAfter(t)) {
            return Optional.empty();
        }
        int saidLater = 0;
        Instant lastSeen = null;
        for (Instant said : sourceTimes) {
            if (said.isAfter(t)) {
                saidLater++;
            } else if (lastSeen == null || said.isAfter(lastSeen)) {
                lastSeen = said;
            }
        }
        Memory.Builder b = m.toBuilder();
        if (saidLater > 0) {
            lastSeen = lastSeen == null ? m.createdAt() : lastSeen;
            b.weight(Math.max(1, m.weight() - saidLater)).lastSeenAt(lastSeen);
            b.sourceMessageIds(m.sourceMessageIds()); // all kept: the list says where it came from, not when
        } else {
            lastSeen = m.lastSeenAt();
        }
        boolean setByHand = expirySetByHandAt != null && !expirySetByHandAt.isAfter(t);
        Instant expiresAt = setByHand || saidLater == 0 && expirySetByHandAt == null
                ? m.expiresAt()
                : Lifetime.expiresAt(lastSeen, ttl);
        b.expiresAt(expiresAt);

        // An entity given up with no recorded takeover (no event to date it) counts as given up throughout.
        Set<String> givenUp = new HashSet<>(m.supersededEntityKeys());
        for (Supersession s : takeovers) {
            givenUp.removeAll(s.entityKeys());
        }
        for (Supersession s : takeovers) {
            if (!s.at().isAfter(t)) {
                givenUp.addAll(s.entityKeys());
            }
        }
        givenUp.retainAll(m.entityKeys());

        if (m.validUntil() != null && !m.validUntil().isAfter(t)) {
            // closed by then (superseded, deleted, rejected): as it is stored
            return Optional.of(b.supersededEntityKeys(m.status() == MemoryStatus.SUPERSEDED
                    ? m.supersededEntityKeys() : givenUp).build());
        }
        b.validUntil(null).supersededBy(null).supersededEntityKeys(givenUp);
        if (m.validFrom() == null || m.validFrom().isAfter(t)) {
            // said, not yet visible: held pending (confirmed or rejected later, or still waiting)
            return Optional.of(b.status(MemoryStatus.PENDING).validFrom(null).build());
        }
        boolean expired = expiresAt != null && !t.isBefore(expiresAt);
        return Optional.of(b.status(expired ? MemoryStatus.EXPIRED : MemoryStatus.ACTIVE).build());
    }
}
