package dev.pmmemory.application.service;

import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.application.port.out.TeamAuthor;
import dev.pmmemory.application.port.out.Teams;
import dev.pmmemory.domain.memory.Memory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What an erased member leaves in its teams (docs/rules.md §12, data rights): each membership ends, recorded
 * in the team's own trail ({@code team_member_removed}, naming the profile and the erase's actor, no text of
 * the member); its words go from every team memory it contributed to. A team memory with other authors keeps
 * them and takes its wording from one of their own memories; one that had no other author goes whole. Its
 * raw messages in the team's history go, and the audit events of those team memories keep no content. What
 * is left of its authorships goes with the profile's own erase ({@link Teams#removeProfile}).
 */
final class TeamErasure {
    private final MemoryStore store;
    private final IdGenerator ids;
    private final ProposalRecount recount;

    TeamErasure(MemoryStore store, IdGenerator ids, ProposalRecount recount) {
        this.store = store;
        this.ids = ids;
        this.recount = recount;
    }

    /**
     * One transaction per team the profile is a member of or contributed to, under the team's lock: the
     * membership ends, the team's pending proposals are re-counted without the profile, then its words go.
     *
     * @return how many memberships ended and team memories it touched
     */
    int erase(String profileId, Instant now, String actor) {
        Map<String, List<TeamAuthor>> byTeam = new TreeMap<>();
        store.read(tx -> {
            tx.teams().teamsOf(profileId).forEach(team -> byTeam.put(team, new ArrayList<>()));
            tx.teams().contributionsOf(profileId).forEach(c ->
                    byTeam.computeIfAbsent(c.teamId(), team -> new ArrayList<>()).add(c));
            return null;
        });
        int touched = 0;
        for (Map.Entry<String, List<TeamAuthor>> team : byTeam.entrySet()) {
            String teamId = team.getKey();
            touched += store.write(TeamOwner.of(teamId), tx -> {
                int ended = 0;
                if (tx.teams().removeMember(teamId, profileId)) {
                    tx.auditTrail().record(new AuditEvent(ids.newId(), TeamOwner.of(teamId), null, null,
                            AuditKind.TEAM_MEMBER_REMOVED, profileId + " left: profile erased", now, actor, null, null));
                    ended = 1;
                }
                recount.afterLeaving(tx, teamId, profileId, now);
                team.getValue().forEach(c -> forget(tx, c));
                return ended + team.getValue().size();
            });
        }
        return touched;
    }

    private static void forget(StoreTransaction tx, TeamAuthor contribution) {
        String owner = TeamOwner.of(contribution.teamId());
        String memoryId = contribution.memoryId();
        if (contribution.rawMessageId() != null) {
            tx.rawMessages().delete(owner, contribution.rawMessageId());
        }
        Optional<Memory> stored = tx.memories().findById(owner, memoryId);
        if (stored.isEmpty()) {
            return;
        }
        List<TeamAuthor> others = tx.teams().authorsOf(contribution.teamId(), List.of(memoryId)).stream()
                .filter(a -> !a.profileId().equals(contribution.profileId())).toList();
        tx.auditTrail().scrubMemory(owner, memoryId);
        if (others.isEmpty()) {
            tx.rawMessages().deleteForMemory(owner, memoryId);
            tx.memories().delete(owner, memoryId);
            return;
        }
        Memory m = stored.get();
        others.stream()
                .filter(a -> a.personalMemoryId() != null)
                .flatMap(a -> tx.memories().findById(a.profileId(), a.personalMemoryId()).stream())
                .findFirst()
                .ifPresent(words -> tx.memories().update(m.toBuilder()
                        .content(words.content())
                        .normalizedContent(words.normalizedContent())
                        .entities(words.entities())
                        .keywords(words.keywords())
                        .sourceMessageIds(m.sourceMessageIds().stream()
                                .filter(id -> !id.equals(contribution.rawMessageId())).toList())
                        .build()));
    }
}
