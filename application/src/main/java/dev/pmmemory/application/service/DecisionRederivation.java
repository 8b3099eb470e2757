package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.in.ChangedFields;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.domain.evolution.ConflictResolver;
import dev.pmmemory.domain.evolution.DecisionReplay;
import dev.pmmemory.domain.evolution.DecisionReplay.Replayed;
import dev.pmmemory.domain.evolution.MemoryDraft;
import dev.pmmemory.domain.evolution.Supersession;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * The history of decisions does not depend on the order their messages arrived in (rules.md §4, "any order gives
 * the same history"). After a late decision has been filed, the decision memories it may have changed (those sharing an
 * entity with it, transitively) are derived again from their messages said in time order ({@link DecisionReplay})
 * and what is stored is made to agree: a memory that survives keeps its id, a part that became a memory of its
 * own is created ({@code split_from=}), a memory whose every message now belongs to another is folded into it,
 * each raw message moves to the memory it belongs to, and every change is audited ({@code memory_rederived},
 * with the state before and after, followed by the supersessions that now hold).
 *
 * <p>An in-order message (nothing of its entities said after it) costs a few memory reads and no more. A
 * history holding what no message says (a confirm, reject, delete, correction, re-index, an expiry set by
 * hand, a purged message) is left as the write path filed it.
 */
final class DecisionRederivation {
    /** Beyond this many memories a late decision is left as filed (the replay reads them all). */
    static final int MAX_MEMORIES = 2000;
    private static final Set<AuditKind> NOT_FROM_MESSAGES = EnumSet.of(AuditKind.MEMORY_CONFIRMED,
            AuditKind.MEMORY_REJECTED, AuditKind.MEMORY_CORRECTED, AuditKind.MEMORY_DELETED,
            AuditKind.MEMORY_REINDEXED, AuditKind.MEMORY_PURGED, AuditKind.MEMORY_SUMMARIZED,
            AuditKind.MEMORY_EXTENDED, AuditKind.MEMORY_FADED);

    private final Lexicon lexicon;
    private final IdGenerator ids;
    private final Optional<Embeddings> embeddings;
    private final DecisionReplay replay = new DecisionReplay();

    DecisionRederivation(Lexicon lexicon, IdGenerator ids, Optional<Embeddings> embeddings) {
        this.lexicon = Objects.requireNonNull(lexicon, "lexicon");
        this.ids = Objects.requireNonNull(ids, "ids");
        this.embeddings = Objects.requireNonNull(embeddings, "embeddings");
    }

    /**
     * Whether decision {@code late} (just filed) may have changed history said after it: a decision memory
     * naming one of its entities was said, closed or held pending after it, or gave up an entity it does not
     * name (that takeover may be later). Memory reads only.
     */
    boolean isLate(StoreTransaction tx, MemoryDraft late) {
        Optional<MemoryType> opposite = ConflictResolver.oppositeDecision(late.type());
        if (opposite.isEmpty() || late.entities().isEmpty()) {
            return false;
        }
        String p = late.profileId();
        Instant said = late.createdAt();
        Set<String> keys = new LinkedHashSet<>(keysOf(late));
        for (MemoryType t : List.of(late.type(), opposite.get())) {
            for (Memory m : tx.memories().findByEntitiesVisibleDuring(p, t, keys, said, null)) {
                if (m.createdAt().isAfter(said) || m.lastSeenAt().isAfter(said)
                        || m.validUntil() != null && m.validUntil().isAfter(said)
                        || m.supersededEntityKeys().stream().anyMatch(k -> !keys.contains(k))) {
                    return true;
                }
            }
        }
        for (String k : keys) {
            for (Memory m : tx.memories().list(new MemoryListQuery(p, MemoryStatus.PENDING, null, k, null, 1, said))) {
                if (m.createdAt().isAfter(said)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** What re-deriving changed: the memory the late message now belongs to, and the other memories changed. */
    record Outcome(Memory memory, List<String> changedIds) {
    }

    /**
     * Re-derives the decisions {@code late} shares entities with (see the class comment); empty when the history
     * is left as filed. {@code now}: the time of the write.
     */
    Optional<Outcome> rederive(StoreTransaction tx, MemoryDraft late, Instant now) {
        String p = late.profileId();
        Map<String, Memory> component = component(tx, p, new LinkedHashSet<>(keysOf(late)));
        if (component.isEmpty() || component.size() > MAX_MEMORIES) {
            return Optional.empty();
        }
        Map<String, List<AuditEvent>> events = new HashMap<>();
        for (Memory m : component.values()) {
            List<AuditEvent> e = tx.auditTrail().forMemory(p, m.id());
            if (m.status() == MemoryStatus.DELETED || m.status() == MemoryStatus.REJECTED
                    || e.stream().anyMatch(ev -> NOT_FROM_MESSAGES.contains(ev.kind()))
                    || !Objects.equals(m.expiresAt(), Lifetime.expiresAt(m.lastSeenAt(), ttl(m.type())))) {
                return Optional.empty();
            }
            events.put(m.id(), e);
        }
        // who holds each message: a memory folded into another lists the messages the other holds too
        Map<String, List<Memory>> holders = new LinkedHashMap<>();
        for (Memory m : component.values()) {
            for (String id : new LinkedHashSet<>(m.sourceMessageIds())) {
                holders.computeIfAbsent(id, k -> new ArrayList<>()).add(m);
            }
        }
        Set<String> folded = new HashSet<>();
        for (Memory m : component.values()) {
            boolean emptyWindow = m.status() == MemoryStatus.SUPERSEDED && m.validFrom() != null
                    && m.validFrom().equals(m.validUntil());
            if (emptyWindow && m.sourceMessageIds().stream().allMatch(id -> holders.get(id).size() > 1)) {
                folded.add(m.id());
            }
        }
        Map<String, Memory> home = new HashMap<>();
        for (Map.Entry<String, List<Memory>> h : holders.entrySet()) {
            List<Memory> live = h.getValue().stream().filter(m -> !folded.contains(m.id())).toList();
            if (live.size() != 1) {
                return Optional.empty(); // a message in two memories: not a history messages alone made
            }
            home.put(h.getKey(), live.get(0));
        }
        List<RawMessage> raws = new ArrayList<>(tx.rawMessages().findByIds(p, holders.keySet()));
        if (raws.size() != holders.size()) {
            return Optional.empty(); // a purged message: its time is unknown
        }
        raws.sort(Comparator.comparing(RawMessage::receivedAt).thenComparing(RawMessage::id)); // ties: arrival
        Map<String, RawMessage> rawById = new HashMap<>();
        List<MemoryDraft> mentions = new ArrayList<>();
        for (RawMessage r : raws) {
            rawById.put(r.id(), r);
            Memory h = home.get(r.id());
            // the memory's own content and analysis: a mention is what its memory says
            mentions.add(new MemoryDraft(r.id(), p, h.type(), h.content(), h.normalizedContent(), h.entities(),
                    h.keywords(), r.source(), r.sessionId(), r.createdAt(), ttl(h.type())));
        }
        List<Replayed> derived = replay.replay(mentions);

        // each derived memory keeps the id of the memory holding its earliest message still unclaimed
        Map<String, String> realId = new HashMap<>();
        Map<String, Memory> claimedBy = new HashMap<>();
        Set<String> claimed = new HashSet<>();
        for (Replayed d : derived) {
            for (String rid : d.memory().sourceMessageIds()) {
                Memory h = home.get(rid);
                if (claimed.add(h.id())) {
                    realId.put(d.memory().id(), h.id());
                    claimedBy.put(d.memory().id(), h);
                    break;
                }
            }
            realId.computeIfAbsent(d.memory().id(), k -> ids.newId());
        }

        List<String> changedIds = new ArrayList<>();
        String lateHome = null;
        List<Runnable> afterInserts = new ArrayList<>();
        for (Replayed d : derived) {
            String id = realId.get(d.memory().id());
            Memory target = mapped(d.memory(), id, realId);
            List<Supersession> takeovers = d.takeovers().stream().map(s -> new Supersession(id,
                    realId.get(s.byId()), s.entityKeys(), s.at(), s.whole())).toList();
            if (d.memory().sourceMessageIds().contains(late.rawMessageId())) {
                lateHome = id;
            }
            Memory stored = claimedBy.get(d.memory().id());
            if (stored == null) {
                Memory origin = home.get(d.memory().sourceMessageIds().get(0));
                Memory fresh = target.toBuilder().content(origin.content()).entities(origin.entities())
                        .keywords(origin.keywords()).build();
                tx.memories().insert(fresh);
                copyVector(tx, origin, fresh);
                record(tx, fresh.id(), late, fresh.status() == MemoryStatus.PENDING ? AuditKind.MEMORY_PENDING
                        : AuditKind.MEMORY_CREATED, "type=" + fresh.type().wireName() + " source="
                        + fresh.source().wireName() + " split_from=" + origin.id(), now, null, null);
                afterInserts.add(() -> {
                    recordTakeovers(tx, takeovers, late, now);
                    moveMessages(tx, fresh, rawById);
                });
                changedIds.add(fresh.id());
                continue;
            }
            Memory after = target.toBuilder()
                    .content(stored.content()).entities(stored.entities()).keywords(stored.keywords())
                    .sessionId(stored.sessionId())
                    .status(statusKept(target, stored, now))
                    .build();
            if (same(stored, after) && effective(stored, PastStates.takeovers(stored, events.get(stored.id())))
                    .equals(effective(after, takeovers))) {
                continue;
            }
            afterInserts.add(() -> {
                tx.memories().update(after);
                record(tx, after.id(), late, AuditKind.MEMORY_REDERIVED, "by=" + late.rawMessageId() + " at="
                        + late.createdAt(), now, state(stored), state(after));
                recordTakeovers(tx, takeovers, late, now);
                moveMessages(tx, after, rawById);
            });
            changedIds.add(after.id());
        }
        afterInserts.forEach(Runnable::run);
        // a memory every message of which another now holds was, in time order, that memory all along
        for (Memory m : component.values()) {
            if (folded.contains(m.id()) || claimed.contains(m.id())) {
                continue;
            }
            String into = derived.stream().filter(d -> d.memory().sourceMessageIds().contains(m.sourceMessageIds().get(0)))
                    .map(d -> realId.get(d.memory().id())).findFirst().orElseThrow();
            Instant from = m.validFrom() != null ? m.validFrom() : m.createdAt();
            tx.memories().update(m.toBuilder().status(MemoryStatus.SUPERSEDED).supersededBy(into).validFrom(from)
                    .validUntil(from).build());
            record(tx, m.id(), late, AuditKind.MEMORY_FOLDED, "into=" + into + " weight=" + m.weight(), now,
                    null, null);
            changedIds.add(m.id());
        }
        if (changedIds.isEmpty()) {
            return Optional.empty();
        }
        Memory now_ = tx.memories().findById(p, Objects.requireNonNull(lateHome, "late message replayed"))
                .orElseThrow();
        return Optional.of(new Outcome(now_, changedIds));
    }

    /** Every decision memory naming one of {@code keys}, and those naming theirs, whatever its status. */
    private static Map<String, Memory> component(StoreTransaction tx, String profileId, Set<String> keys) {
        Map<String, Memory> found = new LinkedHashMap<>();
        Deque<String> todo = new ArrayDeque<>(keys);
        Set<String> seen = new HashSet<>(keys);
        while (!todo.isEmpty() && found.size() <= MAX_MEMORIES) {
            for (Memory m : tx.memories().findAllAbout(profileId, todo.poll())) {
                if (ConflictResolver.oppositeDecision(m.type()).isEmpty() || found.putIfAbsent(m.id(), m) != null) {
                    continue;
                }
                for (String k : m.entityKeys()) {
                    if (seen.add(k)) {
                        todo.add(k);
                    }
                }
            }
        }
        return found;
    }

    /** The derived memory with real ids. */
    private static Memory mapped(Memory d, String id, Map<String, String> realId) {
        return d.toBuilder().id(id).supersededBy(d.supersededBy() == null ? null : realId.get(d.supersededBy()))
                .build();
    }

    /** The sweep's {@code expired} stays on a memory still past its expiry. */
    private static MemoryStatus statusKept(Memory target, Memory stored, Instant now) {
        boolean expired = target.expiresAt() != null && !now.isBefore(target.expiresAt());
        return target.status() == MemoryStatus.ACTIVE && stored.status() == MemoryStatus.EXPIRED && expired
                ? MemoryStatus.EXPIRED : target.status();
    }

    private static boolean same(Memory a, Memory b) {
        return a.weight() == b.weight() && a.source() == b.source() && a.status() == b.status()
                && a.createdAt().equals(b.createdAt()) && a.lastSeenAt().equals(b.lastSeenAt())
                && Objects.equals(a.validFrom(), b.validFrom()) && Objects.equals(a.validUntil(), b.validUntil())
                && Objects.equals(a.supersededBy(), b.supersededBy())
                && Objects.equals(a.expiresAt(), b.expiresAt())
                && new HashSet<>(a.supersededEntityKeys()).equals(new HashSet<>(b.supersededEntityKeys()))
                && new HashSet<>(a.sourceMessageIds()).equals(new HashSet<>(b.sourceMessageIds()));
    }

    /**
     * What the takeovers say a reader of any instant sees ({@link dev.pmmemory.domain.evolution.PastState}): per
     * entity given up, the earliest takeover (an entity given up with none counts throughout).
     */
    private static Map<String, Instant> effective(Memory m, List<Supersession> takeovers) {
        Map<String, Instant> first = new TreeMap<>();
        for (Supersession s : takeovers) {
            for (String k : s.entityKeys()) {
                first.merge(k, s.at(), (a, b) -> a.isBefore(b) ? a : b);
            }
        }
        for (String k : m.supersededEntityKeys()) {
            first.putIfAbsent(k, Instant.MIN);
        }
        first.keySet().retainAll(m.entityKeys());
        return first;
    }

    private void recordTakeovers(StoreTransaction tx, List<Supersession> takeovers, MemoryDraft late, Instant now) {
        for (Supersession s : takeovers) {
            record(tx, s.supersededId(), late,
                    s.whole() ? AuditKind.MEMORY_SUPERSEDED : AuditKind.MEMORY_PARTIALLY_SUPERSEDED,
                    "by=" + s.byId() + " entities=" + String.join(",", s.entityKeys()) + " at=" + s.at(), now,
                    null, null);
        }
    }

    /** Each of {@code m}'s messages points at it. */
    private static void moveMessages(StoreTransaction tx, Memory m, Map<String, RawMessage> rawById) {
        for (String rid : m.sourceMessageIds()) {
            RawMessage r = rawById.get(rid);
            if (r != null && !m.id().equals(r.memoryId())) {
                tx.rawMessages().moveToMemory(m.profileId(), rid, m.id());
            }
        }
    }

    private void copyVector(StoreTransaction tx, Memory origin, Memory fresh) {
        embeddings.ifPresent(e -> {
            float[] v = tx.vectors().find(origin.profileId(), e.model(), List.of(origin.id())).get(origin.id());
            if (v != null) {
                tx.vectors().put(fresh.profileId(), fresh.id(), e.model(), v);
            }
        });
    }

    private static ChangedFields state(Memory m) {
        return new ChangedFields().put("status", m.status().wireName()).put("weight", Integer.toString(m.weight()))
                .put("source", m.source().wireName()).put("created_at", m.createdAt())
                .put("last_seen_at", m.lastSeenAt()).put("expires_at", m.expiresAt())
                .put("valid_from", m.validFrom()).put("valid_until", m.validUntil())
                .put("superseded_by", m.supersededBy())
                .put("superseded_entities", String.join(",", new java.util.TreeSet<>(m.supersededEntityKeys())))
                .put("source_messages", String.join(",", m.sourceMessageIds()));
    }

    private void record(StoreTransaction tx, String memoryId, MemoryDraft late, AuditKind kind, String detail,
                        Instant now, ChangedFields before, ChangedFields after) {
        tx.auditTrail().record(before == null
                ? new AuditEvent(ids.newId(), late.profileId(), memoryId, late.rawMessageId(), kind, detail, now)
                : new AuditEvent(ids.newId(), late.profileId(), memoryId, late.rawMessageId(), kind, detail, now,
                        AuditEvent.SYSTEM, before.json(), after.json()));
    }

    private Optional<Duration> ttl(MemoryType type) {
        return lexicon.ruleFor(type).ttl();
    }

    private static List<String> keysOf(MemoryDraft d) {
        return d.entities().stream().map(dev.pmmemory.domain.memory.EntityKey::of).distinct().toList();
    }
}
