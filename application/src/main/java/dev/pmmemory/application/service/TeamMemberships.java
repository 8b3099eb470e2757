package dev.pmmemory.application.service;

import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.Validation;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.in.ManageTeams;
import dev.pmmemory.application.port.in.TeamSummary;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.domain.memory.MemoryStatus;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * Team membership (docs/rules.md §12). A team exists while it has members or memories; membership writes
 * hold the team's write lock, so they never interleave with the team's other writes.
 */
public final class TeamMemberships implements ManageTeams {
    /** How many pending team memories {@link #describe} counts at most: a proposal queue, not a history. */
    static final int MAX_PENDING_COUNTED = 1000;
    private final MemoryStore store;
    private final IdGenerator ids;
    private final Clock clock;
    private final ProposalRecount recount;

    /** @param quorum {@code memory.team.quorum}: how many members a pending proposal needs behind it */
    public TeamMemberships(MemoryStore store, IdGenerator ids, Clock clock, int quorum) {
        this.store = store;
        this.ids = ids;
        this.clock = clock;
        this.recount = new ProposalRecount(ids, quorum);
    }

    @Override
    public TeamSummary addMember(String teamId, String profileId, String actor) {
        check(teamId, profileId);
        Instant now = now();
        return store.write(TeamOwner.of(teamId), tx -> {
            if (tx.teams().addMember(teamId, profileId, now)) {
                audit(tx, teamId, AuditKind.TEAM_MEMBER_ADDED, profileId + " joined", now, actor);
            }
            return summary(tx, teamId, now);
        });
    }

    @Override
    public TeamSummary removeMember(String teamId, String profileId, String actor) {
        check(teamId, profileId);
        Instant now = now();
        return store.write(TeamOwner.of(teamId), tx -> {
            if (!tx.teams().removeMember(teamId, profileId)) {
                throw new NotFoundException("profile " + profileId + " is no member of team " + teamId);
            }
            audit(tx, teamId, AuditKind.TEAM_MEMBER_REMOVED, profileId + " left", now, actor);
            recount.afterLeaving(tx, teamId, profileId, now);
            return summary(tx, teamId, now);
        });
    }

    private void audit(StoreTransaction tx, String teamId, AuditKind kind, String detail, Instant at, String actor) {
        tx.auditTrail().record(new AuditEvent(ids.newId(), TeamOwner.of(teamId), null, null, kind, detail, at,
                actor, null, null));
    }

    @Override
    public TeamSummary describe(String teamId) {
        Validation v = new Validation();
        v.teamId("team_id", teamId);
        v.check();
        Instant now = now();
        return store.read(tx -> {
            if (tx.teams().members(teamId).isEmpty() && tx.memories().countByProfile(TeamOwner.of(teamId)) == 0) {
                throw new NotFoundException("no team " + teamId);
            }
            return summary(tx, teamId, now);
        });
    }

    @Override
    public boolean isMember(String teamId, String profileId) {
        return store.read(tx -> tx.teams().members(teamId).contains(profileId));
    }

    private static TeamSummary summary(StoreTransaction tx, String teamId, Instant now) {
        String owner = TeamOwner.of(teamId);
        List<String> members = tx.teams().members(teamId);
        long active = tx.memories().findVisible(owner, now).size();
        long pending = tx.memories().list(new MemoryListQuery(owner, MemoryStatus.PENDING, null, null, null,
                MAX_PENDING_COUNTED, now)).size();
        return new TeamSummary(teamId, members, active, pending);
    }

    private static void check(String teamId, String profileId) {
        Validation v = new Validation();
        v.teamId("team_id", teamId);
        v.profileId("profile_id", profileId);
        v.check();
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
