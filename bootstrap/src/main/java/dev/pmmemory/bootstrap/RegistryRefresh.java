package dev.pmmemory.bootstrap;

import dev.pmmemory.application.StoreUnavailableException;
import dev.pmmemory.application.service.EntityRegistryService;
import io.quarkus.scheduler.Scheduled;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

/**
 * Several instances on one PostgreSQL share one entity registry, but each extracts entities with
 * its own copy of the dictionary: every {@code memory.registry.refresh-interval} the copy is
 * compared with the registry and rebuilt when another instance changed it. On one instance (SQLite)
 * the copy never differs and the check is one read of ≈ 100 rows.
 */
@Singleton
public class RegistryRefresh {
    private static final Logger LOG = Logger.getLogger(RegistryRefresh.class);

    private final EntityRegistryService registry;

    public RegistryRefresh(EntityRegistryService registry) {
        this.registry = registry;
    }

    @Scheduled(identity = "registry-refresh", every = "{memory.registry.refresh-interval}",
            delayed = "{memory.registry.refresh-interval}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void refresh() {
        try {
            if (registry.refresh()) {
                LOG.info("entity registry: changed since this instance last read it (by another instance, or a change under way here); dictionary rebuilt");
            }
        } catch (StoreUnavailableException e) {
            LOG.debugf("entity registry not refreshed (%s): tried again at the next interval", e.getMessage());
        }
    }
}
