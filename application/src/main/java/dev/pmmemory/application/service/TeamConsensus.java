package dev.pmmemory.application.service;

import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.in.MemoryActionCommand;
import dev.pmmemory.application.port.in.SettlePendingMemory;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.application.port.out.TeamAuthor;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.PendingReason;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Promotion by consensus (docs/rules.md §12): when at least {@code quorum} distinct members of a team hold
 * an active memory of one type about one entity, the team gets a memory of that type about it, proposed
 * pending (or confirmed at once with auto-promote), linked to the members' memories behind it. Entities
 * are compared by their registry key, so a member who named an alias counts. While the team holds a
 * pending or active memory of that type about the entity, no other is proposed: the new holders are added
 * to its authors instead.
 */
public final class TeamConsensus {
    public static final int DEFAULT_QUORUM = 2;
    private final MemoryStore store;
    private final Lexicon lexicon;
    private final IdGenerator ids;
    private final Clock clock;
    private final int quorum;
    private final Optional<SettlePendingMemory> autoPromote;

    /**
     * @param autoPromote when present, a proposal is confirmed at once through it (the team's conflict rules
     *                    apply as for any confirm); empty: it waits pending for a person
     */
    public TeamConsensus(MemoryStore store, Lexicon lexicon, IdGenerator ids, Clock clock, int quorum,
                         Optional<SettlePendingMemory> autoPromote) {
        if (quorum < 2) {
            throw new IllegalArgumentException("memory.team.quorum must be at least 2, was " + quorum);
        }
        this.store = store;
        this.lexicon = lexicon;
        this.ids = ids;
        this.clock = clock;
        this.quorum = quorum;
        this.autoPromote = autoPromote;
    }

    /**
     * Looks for consensus in each team of the memory's profile, about each entity it names; one write
     * transaction per team, under the team's lock. A profile of no team costs nothing here.
     *
     * @param teams the author's teams when its add committed ({@link
     *              dev.pmmemory.application.port.in.FeedbackResult#authorTeams}, read in the add's transaction)
     * @return the team memories proposed
     */
    public List<Memory> afterAdd(Memory added, List<String> teams) {
        if (!counts(added)) {
            return List.of();
        }
        List<Memory> proposed = new ArrayList<>();
        for (String team : teams) {
            proposed.addAll(store.write(TeamOwner.of(team), tx -> propose(tx, team, added)));
        }
        autoPromote.ifPresent(settle -> proposed.forEach(m -> settle.confirm(
                new MemoryActionCommand(m.profileId(), m.id(), AuditEvent.SYSTEM))));
        return proposed;
    }

    /** Whether a member's memory is one a team's consensus counts: active, about an entity, not a team's own. */
    static boolean counts(Memory m) {
        return !TeamOwner.isTeam(m.profileId()) && m.status() == MemoryStatus.ACTIVE && !m.liveEntityKeys().isEmpty();
    }

    private List<Memory> propose(StoreTransaction tx, String team, Memory added) {
        Instant now = clock.instant().truncatedTo(ChronoUnit.MILLIS);
        String owner = TeamOwner.of(team);
        List<String> members = tx.teams().members(team);
        List<Memory> proposed = new ArrayList<>();
        for (String entityKey : Set.copyOf(added.liveEntityKeys())) {
            Map<String, Memory> holders = new LinkedHashMap<>();
            for (String member : members) {
                holding(tx, member, added, entityKey, now).ifPresent(m -> holders.put(member, m));
            }
            if (holders.size() < quorum) {
                continue;
            }
            Optional<Memory> standing = holding(tx, owner, added, entityKey, now)
                    .or(() -> tx.memories().findAllAbout(owner, entityKey).stream()
                            .filter(m -> m.type() == added.type() && m.status() == MemoryStatus.PENDING).findFirst());
            Memory teamMemory = standing.orElseGet(() -> {
                Memory fresh = proposal(added, owner, holders.size(), now);
                tx.memories().insert(fresh);
                tx.auditTrail().record(new AuditEvent(ids.newId(), owner, fresh.id(), null, AuditKind.MEMORY_PENDING,
                        "proposed by consensus of " + String.join(", ", holders.keySet()) + " about " + entityKey,
                        now));
                proposed.add(fresh);
                return fresh;
            });
            holders.forEach((member, memory) -> tx.teams().addAuthor(
                    new TeamAuthor(team, teamMemory.id(), member, memory.id(), null)));
        }
        return proposed;
    }

    /** The owner's newest memory of the added one's type that holds for the entity now (active, unexpired). */
    private static Optional<Memory> holding(StoreTransaction tx, String owner, Memory like, String entityKey,
                                            Instant now) {
        List<Memory> about = tx.memories().findAllAbout(owner, entityKey);
        for (int i = about.size() - 1; i >= 0; i--) {
            Memory m = about.get(i);
            if (m.type() == like.type() && Lifetime.statusAt(m, now) == MemoryStatus.ACTIVE
                    && m.liveEntityKeys().contains(entityKey)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }

    /** A pending team memory worded as the memory that completed the consensus. */
    private Memory proposal(Memory from, String owner, int holders, Instant now) {
        return from.toBuilder()
                .id(ids.newId())
                .profileId(owner)
                .weight(holders)
                .status(MemoryStatus.PENDING)
                .sessionId(null)
                .createdAt(now)
                .lastSeenAt(now)
                .validFrom(null)
                .validUntil(null)
                .supersededBy(null)
                .supersededEntityKeys(Set.of())
                .sourceMessageIds(List.of())
                .pendingReason(PendingReason.TEAM_PROPOSAL)
                .alternatives(List.of())
                .expiresAt(Lifetime.expiresAt(now, lexicon.ruleFor(from.type()).ttl()))
                .build();
    }
}
