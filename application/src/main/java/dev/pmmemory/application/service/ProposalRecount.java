package dev.pmmemory.application.service;

import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.application.port.out.TeamAuthor;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Consensus re-counted when a member leaves a team, removed or erased (docs/rules.md §12): the leaver's
 * memory no longer backs the team's pending proposals, so the leaver leaves their authors, and a proposal
 * left with fewer members behind it than the quorum is withdrawn (rejected, audited
 * {@code memory_withdrawn}); a later add may propose it again. What the team confirmed, and the decisions
 * it stated, are the team's and stay as they are.
 */
final class ProposalRecount {
    private final IdGenerator ids;
    private final int quorum;

    ProposalRecount(IdGenerator ids, int quorum) {
        this.ids = ids;
        this.quorum = quorum;
    }

    /**
     * Inside the team's write transaction. {@code leaver} may still be listed as a member (an erase ends
     * the membership later): it is never counted.
     *
     * @return the proposals withdrawn
     */
    List<String> afterLeaving(StoreTransaction tx, String teamId, String leaver, Instant now) {
        String owner = TeamOwner.of(teamId);
        List<String> members = tx.teams().members(teamId);
        List<String> withdrawn = new ArrayList<>();
        for (TeamAuthor backing : tx.teams().contributionsOf(leaver)) {
            if (!backing.teamId().equals(teamId) || backing.personalMemoryId() == null) {
                continue; // another team's, or a decision the leaver stated: not consensus
            }
            Optional<Memory> proposal = tx.memories().findById(owner, backing.memoryId())
                    .filter(m -> m.status() == MemoryStatus.PENDING);
            if (proposal.isEmpty()) {
                continue;
            }
            tx.teams().removeAuthor(teamId, backing.memoryId(), leaver);
            long backers = tx.teams().authorsOf(teamId, List.of(backing.memoryId())).stream()
                    .filter(a -> a.personalMemoryId() != null && !a.profileId().equals(leaver)
                            && members.contains(a.profileId()))
                    .map(TeamAuthor::profileId).distinct().count();
            if (backers < quorum) {
                Memory m = proposal.get();
                tx.memories().update(m.toBuilder().status(MemoryStatus.REJECTED).validUntil(now).build());
                tx.auditTrail().record(new AuditEvent(ids.newId(), owner, m.id(), null, AuditKind.MEMORY_WITHDRAWN,
                        "withdrawn: " + backers + " member(s) behind it after " + leaver + " left, quorum "
                                + quorum, now));
                withdrawn.add(m.id());
            }
        }
        return withdrawn;
    }
}
