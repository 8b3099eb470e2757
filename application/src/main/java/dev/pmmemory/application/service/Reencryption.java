package dev.pmmemory.application.service;

import dev.pmmemory.application.model.Job;
import dev.pmmemory.application.model.SealedTable;
import dev.pmmemory.application.port.in.JobReport;
import dev.pmmemory.application.port.in.ReadReencryptionStatus;
import dev.pmmemory.application.port.in.ReencryptionStatus;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.application.port.out.KeyCheck;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.ResealStep;
import java.time.Clock;
import java.util.List;
import java.util.Objects;

/**
 * The re-encryption job (docs/encryption.md "Rotation"): every value sealed under an older key, or stored plain
 * before encryption was turned on, is rewritten under the primary key. Profile by profile, table by table, in
 * batches, each its own transaction under the profile's write lock; nothing records where it stopped, because a
 * rewritten row no longer needs it: a run that crashed is resumed by running the job again. After a run that
 * rewrote rows the store is asked to shred what the rewrites left behind (on SQLite: the WAL and freed pages).
 */
public final class Reencryption implements ReadReencryptionStatus {
    /** Rows looked at per transaction: bounds how long one profile's writers wait. */
    public static final int BATCH = 200;

    private final MemoryStore store;
    private final FieldProtection protection;
    private final Clock clock;
    private final int batch;

    public Reencryption(MemoryStore store, FieldProtection protection, Clock clock) {
        this(store, protection, clock, BATCH);
    }

    public Reencryption(MemoryStore store, FieldProtection protection, Clock clock, int batch) {
        this.store = Objects.requireNonNull(store);
        this.protection = Objects.requireNonNull(protection);
        this.clock = Objects.requireNonNull(clock);
        this.batch = batch;
    }

    public JobReport run() {
        long started = clock.millis();
        if (protection.keyChecks().isEmpty()) {
            return new JobReport(Job.REENCRYPT, 0, 0, clock.millis() - started); // no key: nothing is sealed
        }
        List<String> profiles = store.read(tx -> tx.sealedRows().profiles());
        long changed = 0;
        int touched = 0;
        for (String profileId : profiles) {
            long before = changed;
            for (SealedTable table : SealedTable.values()) {
                String after = "";
                while (after != null) {
                    String from = after;
                    ResealStep step = store.write(profileId,
                            tx -> tx.sealedRows().resealAfter(table, profileId, from, batch));
                    changed += step.resealed();
                    after = step.lastId();
                }
            }
            touched += changed > before ? 1 : 0;
        }
        if (changed > 0) {
            store.shredDeleted(); // the values as they were (plain, or under the old key) leave the store's files
        }
        if (protection instanceof PlainValuesReadable readable) {
            readable.plainValuesSealed(); // every row was looked at and sealed: none is plain now
        }
        return new JobReport(Job.REENCRYPT, touched, changed, clock.millis() - started);
    }

    @Override
    public ReencryptionStatus status() {
        String primary = protection.keyChecks().stream().findFirst().map(KeyCheck::keyId).orElse("");
        return store.read(tx -> new ReencryptionStatus(primary, tx.sealedRows().rowsByKey(),
                tx.sealedRows().rowsToReseal()));
    }
}
