package dev.pmmemory.application.service;

import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.application.port.out.TeamAuthor;
import dev.pmmemory.domain.memory.Memory;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What an erased member leaves in its teams (docs/rules.md §12, data rights): its words go from every team
 * memory it contributed to. A team memory with other authors keeps them and takes its wording from one of
 * their own memories; one that had no other author goes whole. Its raw messages in the team's history go,
 * and the audit events of those team memories keep no content. Its memberships and authorships go with the
 * profile's own erase ({@link dev.pmmemory.application.port.out.Teams#removeProfile}).
 */
final class TeamErasure {
    private final MemoryStore store;
    private final ProposalRecount recount;

    TeamErasure(MemoryStore store, ProposalRecount recount) {
        this.store = store;
        this.recount = recount;
    }

    /**
     * One transaction per team, under the team's lock: first the team's pending proposals are re-counted
     * without the profile, then its words go; returns how many team memories it touched.
     */
    int erase(String profileId, java.time.Instant now) {
        Map<String, List<TeamAuthor>> byTeam = store.read(tx -> tx.teams().contributionsOf(profileId)).stream()
                .collect(Collectors.groupingBy(TeamAuthor::teamId, TreeMap::new, Collectors.toList()));
        int touched = 0;
        for (Map.Entry<String, List<TeamAuthor>> team : byTeam.entrySet()) {
            touched += store.write(TeamOwner.of(team.getKey()), tx -> {
                recount.afterLeaving(tx, team.getKey(), profileId, now);
                team.getValue().forEach(c -> forget(tx, c));
                return team.getValue().size();
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
