package dev.pmmemory.domain.evolution;

import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The decision memories a set of messages makes when they arrive in the order they were said (rules.md §4,
 * "any order gives the same history"): each message, oldest first, strengthens the memory of its key visible when it was
 * said (Deduplicator) or starts a new one, which resolves against the opposite decisions visible then
 * (ConflictResolver): supersedes them, or is held pending by a more confident one. No message is late in
 * this order, so none of the late-arrival rules (moving a start back, folds, splits) is needed.
 *
 * <p>The write path replays the decisions a late one touches this way and reconciles the result with what
 * is stored, so that the history does not depend on the order the messages arrived in.
 */
public final class DecisionReplay {
    private final Deduplicator deduplicator = new Deduplicator();
    private final ConflictResolver conflicts = new ConflictResolver();

    /**
     * A memory of the replay and the supersessions recorded on it (what took it over, when), in the order they
     * happened. Its id is provisional ({@link #PROVISIONAL}n), as are those it names.
     */
    public record Replayed(Memory memory, List<Supersession> takeovers) {
        public Replayed {
            Objects.requireNonNull(memory, "memory");
            takeovers = List.copyOf(takeovers);
        }
    }

    /** The prefix of the ids the replay gives its memories. */
    public static final String PROVISIONAL = "replay#";

    /**
     * The memories {@code mentions} make said in time order, by when each was first said; ties of
     * {@code createdAt} in the order given (the caller's arrival order).
     */
    public List<Replayed> replay(List<MemoryDraft> mentions) {
        List<MemoryDraft> inOrder = new ArrayList<>(mentions);
        inOrder.sort(Comparator.comparing(MemoryDraft::createdAt)); // stable: arrival order among equal times
        Map<String, Memory> memories = new LinkedHashMap<>();
        Map<String, List<Supersession>> takeovers = new LinkedHashMap<>();
        for (MemoryDraft d : inOrder) {
            List<Memory> sameKey = memories.values().stream().filter(m -> Deduplicator.sameMemory(m, d)).toList();
            Optional<Memory> target = Deduplicator.target(sameKey, d);
            if (target.isPresent()) {
                Memory merged = deduplicator.merge(target.get(), d);
                memories.put(merged.id(), merged);
                continue;
            }
            String id = PROVISIONAL + memories.size();
            Memory fresh = new Memory.Builder()
                    .id(id)
                    .profileId(d.profileId())
                    .type(d.type())
                    .content(d.content())
                    .normalizedContent(d.normalizedContent())
                    .entities(d.entities())
                    .keywords(d.keywords())
                    .weight(1)
                    .status(MemoryStatus.ACTIVE)
                    .source(d.source())
                    .sessionId(d.sessionId())
                    .createdAt(d.createdAt())
                    .lastSeenAt(d.createdAt())
                    .validFrom(d.createdAt())
                    .expiresAt(Lifetime.expiresAt(d.createdAt(), d.ttl()))
                    .sourceMessageIds(List.of(d.rawMessageId()))
                    .build();
            List<Memory> opposites = ConflictResolver.oppositeDecision(fresh.type())
                    .map(t -> memories.values().stream().filter(m -> m.type() == t).toList())
                    .orElse(List.of());
            Resolution r = conflicts.resolve(fresh, opposites);
            memories.put(id, r.incoming());
            takeovers.put(id, new ArrayList<>());
            r.changed().forEach(c -> memories.put(c.id(), c));
            for (Supersession s : r.supersessions()) {
                takeovers.computeIfAbsent(s.supersededId(), k -> new ArrayList<>()).add(s);
            }
        }
        return memories.values().stream()
                .map(m -> new Replayed(m, takeovers.getOrDefault(m.id(), List.of())))
                .toList();
    }
}
