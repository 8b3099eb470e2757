package dev.pmmemory.bootstrap;

import dev.pmmemory.application.access.ApiKeys;
import dev.pmmemory.application.access.RateLimiter;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.runtime.configuration.ConfigurationException;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * API keys and the rule that keeps a keyless service private: without keys it may only listen
 * on loopback, and refuses to start on any other address.
 */
@Singleton
public class SecurityWiring {
    private static final Logger LOG = Logger.getLogger(SecurityWiring.class);

    @Produces
    @Singleton
    ApiKeys apiKeys(MemoryConfig config) {
        try {
            return ApiKeys.parse(config.auth().keys().orElse(""));
        } catch (IllegalArgumentException e) {
            // the message names the key, never its hash or secret
            throw new ConfigurationException("memory.auth.keys: " + e.getMessage());
        }
    }

    @Produces
    @Singleton
    RateLimiter rateLimiter(MemoryConfig config, Clock clock) {
        return new RateLimiter(config.auth().rateLimitPerSecond(), clock);
    }

    void checkBinding(@Observes StartupEvent start, ApiKeys keys,
                      @ConfigProperty(name = "quarkus.http.host") String host) {
        if (keys.enabled()) {
            LOG.infof("API keys: %d configured; every /v1 call needs one", keys.size());
            return;
        }
        if (!isLoopback(host)) {
            throw new ConfigurationException("refusing to listen on " + host + " without API keys: anyone on the"
                    + " network could read every profile. Configure memory.auth.keys (see README, 'API keys'),"
                    + " or bind quarkus.http.host=127.0.0.1.");
        }
        LOG.warnf("no API keys configured: listening on loopback (%s) only, and trusting every local caller", host);
    }

    static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
