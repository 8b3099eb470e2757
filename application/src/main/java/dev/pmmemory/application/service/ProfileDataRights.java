package dev.pmmemory.application.service;

import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.StateConflictException;
import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.EraseProfile;
import dev.pmmemory.application.port.in.ExportProfile;
import dev.pmmemory.application.port.in.ImportProfile;
import dev.pmmemory.application.port.in.ImportProfileCommand;
import dev.pmmemory.application.port.in.ProfileData;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryStore;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * Data rights (api.md "Profile data rights"): export everything of a profile, erase it physically
 * (the audit keeps content-free tombstones), import an export back into an empty profile.
 */
public final class ProfileDataRights implements ExportProfile, EraseProfile, ImportProfile {
    private final MemoryStore store;
    private final IdGenerator ids;
    private final Clock clock;
    private final TeamErasure teamErasure;

    public ProfileDataRights(MemoryStore store, IdGenerator ids, Clock clock) {
        this(store, ids, clock, TeamConsensus.DEFAULT_QUORUM);
    }

    /** @param teamQuorum {@code memory.team.quorum}: an erased member's proposals are re-counted against it */
    public ProfileDataRights(MemoryStore store, IdGenerator ids, Clock clock, int teamQuorum) {
        this.store = Objects.requireNonNull(store);
        this.ids = Objects.requireNonNull(ids);
        this.clock = Objects.requireNonNull(clock);
        this.teamErasure = new TeamErasure(store, ids, new ProposalRecount(ids, teamQuorum));
    }

    @Override
    public ProfileData export(String profileId) {
        checkProfile(profileId);
        Instant now = clock.instant();
        ProfileData data = store.read(tx -> ProfileDataTransfer.read(tx, profileId, now));
        if (data.holdsNoData() && data.auditEvents().isEmpty()) {
            throw new NotFoundException("the store holds nothing for profile '" + profileId + "'");
        }
        return data;
    }

    /**
     * One transaction: rows deleted (memories with their terms, entities and vectors; raw messages;
     * experiences; every version of every fact), every audit event emptied of content, one {@code profile_erased} tombstone
     * recorded. Then the store shreds what it still keeps of the deleted bytes (SQLite: WAL).
     */
    @Override
    public Erasure erase(String profileId, String actor) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.actor(actor);
        v.check();
        Instant now = clock.instant();
        // it leaves its teams and its words their memories first, each team under its own lock (rules.md §12)
        int inTeams = teamErasure.erase(profileId, now.truncatedTo(ChronoUnit.MILLIS), actor);
        Erasure erasure = store.write(profileId, tx -> {
            int teamRows = tx.teams().removeProfile(profileId);
            int raws = tx.rawMessages().deleteProfile(profileId);
            int memories = tx.memories().deleteProfile(profileId);
            int experiences = tx.experiences().deleteProfile(profileId);
            int facts = tx.facts().deleteProfile(profileId);
            if (raws + memories + experiences + facts + teamRows + inTeams == 0) {
                throw new NotFoundException("profile '" + profileId + "' holds nothing to erase");
            }
            int scrubbed = tx.auditTrail().scrubProfile(profileId);
            tx.auditTrail().record(new AuditEvent(ids.newId(), profileId, null, null, AuditKind.PROFILE_ERASED,
                    "raw_messages=" + raws + " memories=" + memories + " experiences=" + experiences
                            + " facts=" + facts, now, actor, null, null));
            return new Erasure(profileId, raws, memories, experiences, facts, scrubbed, now, false);
        });
        boolean shredded = store.shredDeleted();
        return new Erasure(profileId, erasure.rawMessages(), erasure.memories(), erasure.experiences(),
                erasure.facts(), erasure.auditEventsScrubbed(), erasure.erasedAt(), shredded);
    }

    @Override
    public ProfileData load(ImportProfileCommand command) {
        String profileId = command.profileId();
        return store.write(profileId, tx -> {
            boolean empty = tx.rawMessages().countByProfile(profileId) == 0
                    && tx.memories().countByProfile(profileId) == 0
                    && tx.experiences().countByProfile(profileId) == 0
                    && tx.facts().countByProfile(profileId) == 0;
            if (!empty) {
                throw new StateConflictException("profile '" + profileId + "' already holds data; an export loads "
                        + "only into an empty (or erased) profile");
            }
            ProfileDataTransfer.checkIdsFree(tx, command.data());
            ProfileDataTransfer.write(tx, command.data());
            return command.data();
        });
    }

    private static void checkProfile(String profileId) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.check();
    }
}
