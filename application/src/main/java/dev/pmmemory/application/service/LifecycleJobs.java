package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.Job;
import dev.pmmemory.application.port.in.JobReport;
import dev.pmmemory.application.port.in.RunJob;
import java.util.Objects;

/** Runs a lifecycle job by name (schedule and admin endpoint alike). */
public final class LifecycleJobs implements RunJob {
    private final ExpirySweep sweep;
    private final RetentionPurge purge;

    public LifecycleJobs(ExpirySweep sweep, RetentionPurge purge) {
        this.sweep = Objects.requireNonNull(sweep);
        this.purge = Objects.requireNonNull(purge);
    }

    @Override
    public JobReport run(Job job) {
        return switch (job) {
            case SWEEP -> sweep.run();
            case PURGE -> purge.run();
        };
    }
}
