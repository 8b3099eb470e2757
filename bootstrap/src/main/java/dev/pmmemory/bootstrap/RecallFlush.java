package dev.pmmemory.bootstrap;

import dev.pmmemory.application.service.RecallCounter;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/**
 * Writes the counted recalls every {@code memory.recall-counts.flush-interval}, off the request path, and
 * once more at a graceful shutdown so that a stop loses nothing counted.
 */
@Singleton
public class RecallFlush {
    private final RecallCounter counter;

    public RecallFlush(RecallCounter counter) {
        this.counter = counter;
    }

    @Scheduled(identity = "recall-flush", every = "{memory.recall-counts.flush-interval}",
            delayed = "{memory.recall-counts.flush-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void flush() {
        counter.flush();
    }

    void atShutdown(@Observes ShutdownEvent stop) {
        counter.flush();
    }
}
