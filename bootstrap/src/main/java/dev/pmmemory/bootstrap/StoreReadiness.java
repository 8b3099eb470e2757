package dev.pmmemory.bootstrap;

import dev.pmmemory.application.port.out.MemoryStore;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready while the store answers: a load balancer stops sending traffic when it does not. */
@Readiness
@ApplicationScoped
public class StoreReadiness implements HealthCheck {
    private final MemoryStore store;

    public StoreReadiness(MemoryStore store) {
        this.store = store;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("memory-store").status(store.isAvailable()).build();
    }
}
