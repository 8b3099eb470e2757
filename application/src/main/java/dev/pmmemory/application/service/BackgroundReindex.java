package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.JobReport;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs {@link EntityReindex} off the request thread after a registry change. Requests coalesce:
 * while a run is going, any number of new requests make one more run after it (it reads the
 * registry as it is then), never a queue of runs.
 */
public final class BackgroundReindex {
    private static final System.Logger LOG = System.getLogger(BackgroundReindex.class.getName());

    private final EntityReindex job;
    private final Executor executor;
    private final AtomicBoolean wanted = new AtomicBoolean();
    private final AtomicBoolean running = new AtomicBoolean();
    private final AtomicReference<JobReport> last = new AtomicReference<>();

    public BackgroundReindex(EntityReindex job, Executor executor) {
        this.job = Objects.requireNonNull(job);
        this.executor = Objects.requireNonNull(executor);
    }

    /** Asks for a run; returns at once. */
    public void request() {
        wanted.set(true);
        if (running.compareAndSet(false, true)) {
            executor.execute(this::drain);
        }
    }

    private void drain() {
        try {
            while (wanted.getAndSet(false)) {
                try {
                    last.set(job.run());
                } catch (RuntimeException e) {
                    // the next registry change or an admin's POST /v1/admin/jobs/reindex:run tries again
                    LOG.log(System.Logger.Level.WARNING, "entity re-index failed: " + e.getMessage(), e);
                }
            }
        } finally {
            running.set(false);
        }
        if (wanted.get() && running.compareAndSet(false, true)) {
            executor.execute(this::drain); // a request arrived between the loop's end and running=false
        }
    }

    /** The report of the last finished background run. */
    public Optional<JobReport> lastReport() {
        return Optional.ofNullable(last.get());
    }
}
