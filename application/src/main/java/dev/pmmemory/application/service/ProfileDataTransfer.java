package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.ProfileData;
import dev.pmmemory.application.port.out.AuditEvent;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.application.port.out.RawMessage;
import dev.pmmemory.domain.experience.Experience;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Memory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

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
        return new ProfileData(profileId, now, raws, memories, events, experiences, facts);
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
        data.experiences().forEach(tx.experiences()::insert);
        data.facts().forEach(tx.facts()::insert);
        data.auditEvents().forEach(tx.auditTrail()::restore);
    }

    private static <T> List<T> oldestFirst(List<T> newestFirst) {
        List<T> out = new ArrayList<>(newestFirst);
        Collections.reverse(out);
        return out;
    }
}
