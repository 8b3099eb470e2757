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
 * seed, a start with another segmenter or lexicon than the database has seen re-indexes the stored
 * memories once, on the same thread ({@link TextIndexUpgrade}).
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
    private volatile boolean stopping;

    EntityRegistryAtStart(EntityReindex job) {
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
        TextIndexUpgrade upgrade = new TextIndexUpgrade(store, reindex);
        worker.execute(() -> upgradeTextIndex(upgrade, version));
    }

    private void upgradeTextIndex(TextIndexUpgrade upgrade, TextIndexVersion version) {
        while (!stopping) {
            try {
                if (upgrade.reindexIfNew(version.value())) {
                    LOG.infof("text analysis %s is new to this database: re-indexing the stored memories in the"
                            + " background", version.value());
                }
                return;
            } catch (StoreUnavailableException e) {
                LOG.warnf("text analysis version not checked yet (%s): trying again", e.getMessage());
            } catch (RuntimeException e) {
                LOG.warnf(e, "text analysis version not checked: POST /v1/admin/jobs/reindex:run re-indexes by hand");
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
