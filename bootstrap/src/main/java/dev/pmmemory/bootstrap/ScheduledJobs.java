package dev.pmmemory.bootstrap;

import dev.pmmemory.application.model.Job;
import dev.pmmemory.application.port.in.JobReport;
import dev.pmmemory.application.port.in.RunJob;
import dev.pmmemory.application.port.out.MemoryStore;
import io.quarkus.scheduler.Scheduled;
import io.quarkus.scheduler.ScheduledExecution;
import jakarta.inject.Singleton;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import org.jboss.logging.Logger;

/**
 * Runs the lifecycle jobs on their crons ({@code memory.jobs.<job>.cron}). A job whose
 * {@code memory.jobs.<job>.enabled} is false is skipped before it starts ({@link Switch}).
 * Several instances on one database run each period once: the first to claim the period in the
 * store ({@link MemoryStore#claimJobRun}) runs it, the others skip it.
 */
@Singleton
public class ScheduledJobs {
    private static final Logger LOG = Logger.getLogger(ScheduledJobs.class);

    private final MemoryStore store;
    private final RunJob jobs;

    public ScheduledJobs(MemoryStore store, RunJob jobs) {
        this.store = store;
        this.jobs = jobs;
    }

    @Scheduled(identity = "sweep", cron = "{memory.jobs.sweep.cron}", skipExecutionIf = Switch.class,
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void sweep(ScheduledExecution execution) {
        runPeriod(Job.SWEEP, execution.getScheduledFireTime());
    }

    @Scheduled(identity = "purge", cron = "{memory.jobs.purge.cron}", skipExecutionIf = Switch.class,
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void purge(ScheduledExecution execution) {
        runPeriod(Job.PURGE, execution.getScheduledFireTime());
    }

    @Scheduled(identity = "compact", cron = "{memory.jobs.compact.cron}", skipExecutionIf = Switch.class,
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void compact(ScheduledExecution execution) {
        runPeriod(Job.COMPACT, execution.getScheduledFireTime());
    }

    @Scheduled(identity = "derive", cron = "{memory.jobs.derive.cron}", skipExecutionIf = Switch.class,
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void derive(ScheduledExecution execution) {
        runPeriod(Job.DERIVE, execution.getScheduledFireTime());
    }

    @Scheduled(identity = "reencrypt", cron = "{memory.jobs.reencrypt.cron}", skipExecutionIf = Switch.class,
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void reencrypt(ScheduledExecution execution) {
        runPeriod(Job.REENCRYPT, execution.getScheduledFireTime());
    }

    /**
     * Runs {@code job} for the period that the schedule fired for, unless another runner (this
     * instance or another on the same database) already claimed it. The fire time is the cron
     * slot, the same on every instance, whatever each one's delay.
     */
    public Optional<JobReport> runPeriod(Job job, Instant scheduledFireTime) {
        Instant period = scheduledFireTime.truncatedTo(ChronoUnit.SECONDS);
        if (!store.claimJobRun(job.wireName(), period)) {
            LOG.debugf("job=%s period=%s already run by another instance", job.wireName(), period);
            return Optional.empty();
        }
        return Optional.of(jobs.run(job));
    }

    /** {@code memory.jobs.<identity>.enabled=false}: the execution is skipped, the job never starts. */
    @Singleton
    public static class Switch implements Scheduled.SkipPredicate {
        private final MemoryConfig config;

        public Switch(MemoryConfig config) {
            this.config = config;
        }

        @Override
        public boolean test(ScheduledExecution execution) {
            return switch (execution.getTrigger().getId()) {
                case "sweep" -> !config.jobs().sweep().enabled();
                case "purge" -> !config.jobs().purge().enabled();
                case "compact" -> !config.jobs().compact().enabled();
                case "derive" -> !config.jobs().derive().enabled();
                case "reencrypt" -> !config.jobs().reencrypt().enabled();
                default -> true;
            };
        }
    }
}
