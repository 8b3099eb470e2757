package dev.pmmemory.application.service;

import dev.pmmemory.application.model.Job;
import dev.pmmemory.application.port.in.JobReport;
import dev.pmmemory.application.port.in.RunJob;
import java.util.Objects;

/** Runs a lifecycle job by name (schedule and admin endpoint alike). */
public final class LifecycleJobs implements RunJob {
    private final ExpirySweep sweep;
    private final RetentionPurge purge;
    private final MemoryCompaction compact;
    private final EntityReindex reindex;
    private final PreferenceDerivation derive;
    private final Reencryption reencrypt;

    public LifecycleJobs(ExpirySweep sweep, RetentionPurge purge, MemoryCompaction compact, EntityReindex reindex,
                         PreferenceDerivation derive, Reencryption reencrypt) {
        this.reencrypt = Objects.requireNonNull(reencrypt);
        this.derive = Objects.requireNonNull(derive);
        this.sweep = Objects.requireNonNull(sweep);
        this.purge = Objects.requireNonNull(purge);
        this.compact = Objects.requireNonNull(compact);
        this.reindex = Objects.requireNonNull(reindex);
    }

    @Override
    public JobReport run(Job job) {
        return switch (job) {
            case SWEEP -> sweep.run();
            case PURGE -> purge.run();
            case COMPACT -> compact.run();
            case REINDEX -> reindex.run();
            case DERIVE -> derive.run();
            case REENCRYPT -> reencrypt.run();
        };
    }
}
