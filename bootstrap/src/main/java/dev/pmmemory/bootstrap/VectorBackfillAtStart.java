package dev.pmmemory.bootstrap;

import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.service.VectorBackfill;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * With semantic recall on, embeds in the background, after start, the memories that have no
 * vector of the model (stored while it was off, or under an earlier model): the service answers
 * meanwhile, those memories keeping keyword recall until their turn. A failure (store down, model
 * error) stops the run with a warning; the next start goes on where it stopped.
 */
@Singleton
class VectorBackfillAtStart {
    private static final Logger LOG = Logger.getLogger(VectorBackfillAtStart.class);
    static final int BATCH = 64;
    private static final Duration STOP_WAIT = Duration.ofSeconds(5);

    private volatile boolean stopping;
    private Thread worker;

    void start(@Observes StartupEvent start, SemanticRecall semantic, MemoryStore store) {
        semantic.embeddings().ifPresent(model -> start(store, model));
    }

    synchronized void start(MemoryStore store, Embeddings model) {
        VectorBackfill backfill = new VectorBackfill(store, model);
        worker = new Thread(() -> run(backfill, model.model()), "pm-memory-vector-backfill");
        worker.setDaemon(true); // never holds the JVM open
        worker.start();
    }

    void stop(@Observes ShutdownEvent shutdown) {
        stopAndWait();
    }

    /** Asks the run to stop after its current batch and waits for it a little. */
    synchronized void stopAndWait() {
        stopping = true;
        if (worker != null) {
            try {
                worker.join(STOP_WAIT.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Whether the background run has ended (tests). */
    synchronized boolean finished(Duration wait) throws InterruptedException {
        if (worker == null) {
            return true;
        }
        worker.join(wait.toMillis());
        return !worker.isAlive();
    }

    private void run(VectorBackfill backfill, String model) {
        long started = System.nanoTime();
        try {
            VectorBackfill.Progress progress = backfill.run(BATCH, () -> !stopping);
            long ms = (System.nanoTime() - started) / 1_000_000;
            if (progress.embedded() > 0 || !progress.complete()) {
                LOG.infof("vector backfill (%s): %d memories embedded in %d ms%s", model, progress.embedded(), ms,
                        progress.complete() ? "" : ", stopped by shutdown; the next start goes on");
            }
        } catch (RuntimeException e) {
            LOG.warnf("vector backfill (%s) stopped: %s; memories without a vector keep keyword recall until"
                    + " the next start", model, e.getMessage());
        }
    }
}
