package dev.pmmemory.bootstrap;

import dev.pmmemory.application.StoreUnavailableException;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.service.BackgroundReindex;
import dev.pmmemory.application.service.EntityRegistryService;
import dev.pmmemory.application.service.EntityReindex;
import dev.pmmemory.application.service.TextIndexUpgrade;
import dev.pmmemory.domain.lexicon.Lexicon;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The entity registry's life in this process: seeded from the lexicon's entity lines while the
 * application starts (names it has never held), and the thread that re-indexes stored memories
 * after a registry change. A store that is down at start does not stop the start: the analyzer
 * keeps the lexicon's dictionary (what the seed would register) and the seed is tried again in the
 * background until it succeeds. A registry that never held an entity is seeded on that thread too,
 * after the start, since the lexicon's dictionary is then exactly what the seed registers
 * ({@link EntityRegistryService#canSeedAfterStart}); the registry's own calls wait for it. After the
 * seed, a start with a segmenter or lexicon the database has not been re-indexed for re-indexes the
 * stored memories, on the same thread ({@link TextIndexUpgrade}), and records it once done.
 */
@Singleton
class EntityRegistryAtStart {
    private static final Logger LOG = Logger.getLogger(EntityRegistryAtStart.class);
    private static final Duration RETRY = Duration.ofSeconds(5);

    /** One daemon thread: re-index runs and seed retries, one at a time, never holding the JVM open. */
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "pm-memory-entity-registry");
        t.setDaemon(true);
        return t;
    });
    private final BackgroundReindex reindex;
    private final EntityReindex job;
    private volatile boolean stopping;

    EntityRegistryAtStart(EntityReindex job) {
        this.job = job;
        this.reindex = new BackgroundReindex(job, worker);
    }

    BackgroundReindex reindex() {
        return reindex;
    }

    void start(@Observes StartupEvent start, EntityRegistryService registry, Lexicon lexicon, MemoryStore store,
               TextIndexVersion version) {
        if (seedAfterStart(registry, lexicon)) {
            registry.expectSeed();
            worker.execute(() -> {
                if (!seed(registry, lexicon)) {
                    retry(registry, lexicon);
                }
            });
        } else if (!seed(registry, lexicon)) {
            worker.execute(() -> retry(registry, lexicon));
        }
        // queued behind the seed: the re-index reads the registry as seeded
        TextIndexUpgrade upgrade = new TextIndexUpgrade(store, job);
        worker.execute(() -> upgradeTextIndex(upgrade, version));
    }

    private void upgradeTextIndex(TextIndexUpgrade upgrade, TextIndexVersion version) {
        while (!stopping) {
            try {
                upgrade.reindexIfNew(version.value()).ifPresent(report -> LOG.infof("text analysis %s is new to this"
                        + " database: %d memories of %d profiles re-indexed in %d ms", version.value(), report.changed(),
                        report.profiles(), report.durationMs()));
                return;
            } catch (StoreUnavailableException e) {
                LOG.warnf("stored memories not re-indexed for text analysis %s yet (%s): trying again", version.value(),
                        e.getMessage());
            } catch (RuntimeException e) {
                // not recorded as done: the next start runs it again, POST /v1/admin/jobs/reindex:run runs it now
                LOG.warnf(e, "stored memories not re-indexed for text analysis %s", version.value());
                return;
            }
            try {
                Thread.sleep(RETRY.toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }


    /** A new database's seed (≈ 0.2 s) need not delay the start (see the class comment). */
    private static boolean seedAfterStart(EntityRegistryService registry, Lexicon lexicon) {
        try {
            return registry.canSeedAfterStart(lexicon.entities().groups());
        } catch (StoreUnavailableException e) {
            return false; // the seed below fails the same way and is retried in the background
        }
    }

    private boolean seed(EntityRegistryService registry, Lexicon lexicon) {
        try {
            int added = registry.seed(lexicon.entities().groups());
            LOG.infof("entity registry: %d entities registered from the lexicon", added);
            return true;
        } catch (StoreUnavailableException e) {
            LOG.warnf("entity registry not seeded yet (%s): the lexicon's dictionary is used until it is",
                    e.getMessage());
            return false;
        }
    }

    private void retry(EntityRegistryService registry, Lexicon lexicon) {
        while (!stopping) {
            try {
                Thread.sleep(RETRY.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            if (seed(registry, lexicon)) {
                return;
            }
        }
    }

    void stop(@Observes ShutdownEvent shutdown) {
        stopping = true;
        worker.shutdownNow();
        try {
            worker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
