package dev.pmmemory.application.service;

import dev.pmmemory.application.model.Job;
import dev.pmmemory.application.port.in.JobReport;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.domain.memory.Memory;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The purge (rules.md §5, forgetting): memories expired, superseded, rejected or deleted for
 * longer than the retention are removed with their lookups, vector and raw messages; unclassified
 * raw messages older than the retention too. What stays of a purged memory is its audit events
 * emptied of detail plus one {@code memory_purged} tombstone: ids, kinds and times, no text, no
 * entities. Profile by profile, in bounded batches, each under the profile's write lock.
 */
public final class RetentionPurge {
    /** Memories changed per transaction: bounds how long one profile's writers wait. */
    public static final int BATCH = 500;

    private final MemoryStore store;
    private final IdGenerator ids;
    private final Clock clock;
    private final Duration retention;

    public RetentionPurge(MemoryStore store, IdGenerator ids, Clock clock, Duration retention) {
        this.store = Objects.requireNonNull(store);
        this.ids = Objects.requireNonNull(ids);
        this.clock = Objects.requireNonNull(clock);
        if (retention.isNegative()) {
            throw new IllegalArgumentException("retention must not be negative: " + retention);
        }
        this.retention = retention;
    }

    public JobReport run() {
        Instant now = clock.instant();
        Instant cutoff = now.minus(retention);
        TreeSet<String> profiles = store.read(tx -> {
            TreeSet<String> p = new TreeSet<>(tx.memories().findProfilesWithRetiredBefore(cutoff));
            p.addAll(tx.rawMessages().findProfilesWithUnclassifiedBefore(cutoff));
            return p;
        });
        long changed = 0;
        for (String profileId : profiles) {
            changed += purgeMemories(profileId, cutoff, now);
            changed += purgeUnclassified(profileId, cutoff);
        }
        return new JobReport(Job.PURGE, profiles.size(), changed, clock.millis() - now.toEpochMilli());
    }

    private long purgeMemories(String profileId, Instant cutoff, Instant now) {
        long purged = 0;
        int done;
        do {
            done = store.write(profileId, tx -> {
                List<Memory> batch = tx.memories().findRetiredBefore(profileId, cutoff, BATCH);
                for (Memory m : batch) {
                    tx.rawMessages().deleteForMemory(profileId, m.id());
                    tx.memories().delete(profileId, m.id());
                    tx.auditTrail().scrubMemory(profileId, m.id());
                    tx.auditTrail().record(new AuditEvent(ids.newId(), profileId, m.id(), null,
                            AuditKind.MEMORY_PURGED, "", now));
                }
                return batch.size();
            });
            purged += done;
        } while (done == BATCH);
        return purged;
    }

    private long purgeUnclassified(String profileId, Instant cutoff) {
        long purged = 0;
        int done;
        do {
            done = store.write(profileId, tx -> tx.rawMessages().deleteUnclassifiedBefore(profileId, cutoff, BATCH));
            purged += done;
        } while (done == BATCH);
        return purged;
    }
}
