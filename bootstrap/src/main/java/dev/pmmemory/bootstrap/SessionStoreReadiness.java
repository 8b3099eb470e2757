package dev.pmmemory.bootstrap;

import dev.pmmemory.application.port.out.SessionTurns;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready while the chosen session store answers: with Redis down, readiness is DOWN (session calls
 * answer 503) even though feedback and context keep working. The embedded store is always up, and
 * then Redis is never asked.
 */
@Readiness
@ApplicationScoped
public class SessionStoreReadiness implements HealthCheck {
    private final SessionTurns sessions;
    private final String kind;

    public SessionStoreReadiness(SessionTurns sessions, MemoryConfig config) {
        this.sessions = sessions;
        this.kind = ConfigChoice.nameOf(config.sessions().store());
    }

    @Override
    public HealthCheckResponse call() {
        boolean up = sessions.isAvailable();
        var response = HealthCheckResponse.named("session-store").withData("store", kind).status(up);
        if (!up) {
            response.withData("reason", kind + " does not answer (quarkus.redis.hosts)");
        }
        return response.build();
    }
}
