package dev.pmmemory.application.port.in;

import dev.pmmemory.application.model.Job;

import java.util.Objects;

/**
 * What one run of a job did.
 *
 * @param profiles   profiles the run worked on
 * @param changed    memories and raw messages it changed or removed
 * @param durationMs wall time of the run
 */
public record JobReport(Job job, int profiles, long changed, long durationMs) {
    public JobReport {
        Objects.requireNonNull(job, "job");
    }
}
