package dev.pmmemory.application.service;

import dev.pmmemory.application.StateConflictException;
import dev.pmmemory.application.port.in.ProfileData;
import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.in.TeamContribution;
import dev.pmmemory.application.port.out.TeamAuthor;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.application.port.out.RecallTally;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.port.out.StoredIds.Kind;
import dev.pmmemory.domain.experience.Experience;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Memory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * The one place that knows what a profile's data is made of (data rights): read it all for an
 * export, write it all for an import. A new kind of profile data is one line in each method and one
 * field of {@link ProfileData}.
 */
final class ProfileDataTransfer {
    private static final int ALL = Integer.MAX_VALUE;

    private ProfileDataTransfer() {
    }

    /** Everything of the profile, oldest first, in one transaction (one snapshot). */
    static ProfileData read(StoreTransaction tx, String profileId, Instant now) {
        List<RawMessage> raws = oldestFirst(tx.rawMessages().newestFirst(profileId, null, null, ALL));
        List<Memory> memories = oldestFirst(tx.memories().list(
                new MemoryListQuery(profileId, null, null, null, null, ALL, now)));
        List<AuditEvent> events = oldestFirst(tx.auditTrail().newestFirst(profileId, null, null, ALL));
        List<Experience> experiences = oldestFirst(tx.experiences().newestFirst(profileId, ALL));
        List<Fact> facts = tx.facts().allVersions(profileId); // already by attribute, oldest first
        return new ProfileData(profileId, now, raws, memories, events, experiences, facts,
                teamContributions(tx, profileId));
    }

    /** The team memories the profile is an author of, as stored now (one gone since is left out). */
    private static List<TeamContribution> teamContributions(StoreTransaction tx, String profileId) {
        List<TeamContribution> out = new java.util.ArrayList<>();
        for (TeamAuthor a : tx.teams().contributionsOf(profileId)) {
            tx.memories().findById(TeamOwner.of(a.teamId()), a.memoryId()).ifPresent(m -> out.add(new TeamContribution(
                    a.teamId(), m.id(), m.type(), m.status(), m.content(), a.personalMemoryId())));
        }
        return out;
    }

    /**
     * Stores everything of {@code data} into its (empty) profile. Raw messages first, then memories,
     * experiences, facts (closed versions as closed, so at most one is open per attribute) and the
     * audit, so that nothing refers to what is not there yet; vectors are left to
     * the backfill job. Audit events already held (the tombstones of an erase) get their content back.
     */
    static void write(StoreTransaction tx, ProfileData data) {
        data.rawMessages().forEach(tx.rawMessages()::append);
        data.memories().forEach(tx.memories()::insert);
        // an insert starts each memory unrecalled; the counts come back as the tallies they add up to
        List<RecallTally> recalled = data.memories().stream().filter(m -> !m.recall().never())
                .map(m -> new RecallTally(m.profileId(), m.id(), m.recall().count(), m.recall().lastRecalledAt()))
                .toList();
        if (!recalled.isEmpty()) {
            tx.memories().addRecalls(recalled);
        }
        data.experiences().forEach(tx.experiences()::insert);
        data.facts().forEach(tx.facts()::insert);
        // an event an erase left as a tombstone gets its content back, in its place; any other is recorded
        data.auditEvents().forEach(e -> {
            if (!tx.auditTrail().restoreContent(e)) {
                tx.auditTrail().record(e);
            }
        });
    }

    /**
     * Fails with a conflict naming the first id of {@code data} that a record of another profile holds
     * (ids are unique across the store): checked before anything is written, in the import's
     * transaction, so the import stores nothing and never trips the database's constraint. Audit event
     * ids of the profile itself are fine: those tombstones get their content back.
     */
    static void checkIdsFree(StoreTransaction tx, ProfileData data) {
        firstTaken(tx, data.profileId(), Kind.RAW_MESSAGE, "raw_messages",
                data.rawMessages().stream().map(RawMessage::id).toList());
        firstTaken(tx, data.profileId(), Kind.MEMORY, "memories", data.memories().stream().map(Memory::id).toList());
        firstTaken(tx, data.profileId(), Kind.AUDIT_EVENT, "audit_events",
                data.auditEvents().stream().map(AuditEvent::id).toList());
        firstTaken(tx, data.profileId(), Kind.EXPERIENCE, "experiences",
                data.experiences().stream().map(Experience::id).toList());
        firstTaken(tx, data.profileId(), Kind.FACT, "facts", data.facts().stream().map(Fact::id).toList());
    }

    private static void firstTaken(StoreTransaction tx, String profileId, Kind kind, String field, List<String> ids) {
        if (ids.isEmpty()) {
            return;
        }
        Set<String> taken = tx.storedIds().heldByOtherProfiles(kind, profileId, ids);
        for (int i = 0; i < ids.size(); i++) {
            if (taken.contains(ids.get(i))) {
                throw new StateConflictException(field + "[" + i + "].id: '" + ids.get(i) + "' is already the id of "
                        + "a record of another profile (ids are unique across the store); give the record a new id",
                        field + "[" + i + "].id");
            }
        }
    }

    private static <T> List<T> oldestFirst(List<T> newestFirst) {
        List<T> out = new ArrayList<>(newestFirst);
        Collections.reverse(out);
        return out;
    }
}
