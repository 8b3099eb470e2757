package dev.pmmemory.application.service;

import dev.pmmemory.application.model.Job;
import dev.pmmemory.application.port.in.JobReport;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The sweep (rules.md §5): an active memory past its expires_at becomes {@code expired}, with a
 * {@code memory_expired} event. Reads compute visibility from times, so what a read returns is the
 * same before and after. With recall-aware retention on, each run first extends or fades expiries by use
 * ({@link RecallAwareRetention}). Profile by profile, in bounded batches, each under the profile's write lock.
 */
public final class ExpirySweep {
    /** Memories changed per transaction: bounds how long one profile's writers wait. */
    public static final int BATCH = 500;

    private final MemoryStore store;
    private final IdGenerator ids;
    private final Clock clock;
    private final Optional<RecallAwareRetention> retention;

    public ExpirySweep(MemoryStore store, IdGenerator ids, Clock clock) {
        this(store, ids, clock, Optional.empty());
    }

    /** @param retention when present (memory.recall-aware.enabled), applied before the expired are marked */
    public ExpirySweep(MemoryStore store, IdGenerator ids, Clock clock, Optional<RecallAwareRetention> retention) {
        this.store = Objects.requireNonNull(store);
        this.ids = Objects.requireNonNull(ids);
        this.clock = Objects.requireNonNull(clock);
        this.retention = Objects.requireNonNull(retention);
    }

    public JobReport run() {
        Instant now = clock.instant();
        // first: a memory faded to now is then marked expired by this same run
        long changed = retention.map(r -> r.run(now)).orElse(0L);
        List<String> profiles = store.read(tx -> tx.memories().findProfilesWithActiveExpired(now));
        for (String profileId : profiles) {
            int done;
            do {
                done = store.write(profileId, tx -> {
                    List<Memory> batch = tx.memories().findActiveExpired(profileId, now, BATCH);
                    for (Memory m : batch) {
                        tx.memories().update(m.toBuilder().status(MemoryStatus.EXPIRED).build());
                        // the event's time is the expiry, not the sweep's: when the memory stopped holding
                        tx.auditTrail().record(new AuditEvent(ids.newId(), profileId, m.id(), null,
                                AuditKind.MEMORY_EXPIRED, "", m.expiresAt()));
                    }
                    return batch.size();
                });
                changed += done;
            } while (done == BATCH);
        }
        return new JobReport(Job.SWEEP, profiles.size(), changed, clock.millis() - now.toEpochMilli());
    }
}
