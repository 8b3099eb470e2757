package dev.pmmemory.bootstrap;

import dev.pmmemory.application.model.Job;
import dev.pmmemory.application.port.in.JobReport;
import dev.pmmemory.application.port.in.RunJob;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * Every run of a job, scheduled or on demand, logs one line and counts in {@code /q/metrics}:
 * {@code pm_memory_job_runs_total}, {@code pm_memory_job_changed_total} and
 * {@code pm_memory_job_duration_seconds}, each with a {@code job} tag.
 */
final class JobMetrics implements RunJob {
    private static final Logger LOG = Logger.getLogger(JobMetrics.class);

    private final RunJob jobs;
    private final MeterRegistry registry;

    JobMetrics(RunJob jobs, MeterRegistry registry) {
        this.jobs = jobs;
        this.registry = registry;
    }

    @Override
    public JobReport run(Job job) {
        JobReport report = jobs.run(job);
        String name = job.wireName();
        registry.counter("pm_memory.job.runs", "job", name).increment();
        registry.counter("pm_memory.job.changed", "job", name).increment(report.changed());
        registry.timer("pm_memory.job.duration", "job", name).record(Duration.ofMillis(report.durationMs()));
        LOG.infof("job=%s profiles=%d changed=%d ms=%d", name, report.profiles(), report.changed(), report.durationMs());
        return report;
    }
}
