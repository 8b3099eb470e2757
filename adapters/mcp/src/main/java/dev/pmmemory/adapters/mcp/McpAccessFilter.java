package dev.pmmemory.adapters.mcp;

import dev.pmmemory.application.access.ApiKey;
import dev.pmmemory.application.access.ApiKeys;
import dev.pmmemory.application.access.RateLimiter;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The same keys as REST, on every request to the MCP endpoint (HTTP, before any MCP message is read):
 * once keys are configured, a missing or unknown bearer key is a 401 and a key over its rate a 429. What
 * a key may do (scope) and touch (profiles) is checked per tool call ({@link ToolCaller}). Without keys
 * the service listens on loopback only (SecurityWiring), as for REST.
 */
@Singleton
public class McpAccessFilter {
    /** Where the authenticated key is left for the tool calls of this request. */
    static final String KEY = "pm-memory.mcp.key";
    /** Runs before the MCP routes and the body handler: a refused request is never parsed. */
    private static final int PRIORITY = 2000;

    private final ApiKeys keys;
    private final RateLimiter rateLimiter;
    private final String rootPath;

    public McpAccessFilter(ApiKeys keys, RateLimiter rateLimiter,
                           @ConfigProperty(name = "quarkus.mcp.server.http.root-path", defaultValue = "/mcp")
                           String rootPath) {
        this.keys = keys;
        this.rateLimiter = rateLimiter;
        this.rootPath = rootPath;
    }

    void register(@Observes Filters filters) {
        filters.register(this::check, PRIORITY);
    }

    void check(RoutingContext rc) {
        String path = rc.normalizedPath();
        if (!keys.enabled() || !(path.equals(rootPath) || path.startsWith(rootPath + "/"))) {
            rc.next();
            return;
        }
        Optional<String> secret = ApiKeys.bearerSecret(rc.request().getHeader(HttpHeaders.AUTHORIZATION));
        if (secret.isEmpty()) {
            refuse(rc, 401, "an API key is required: Authorization: Bearer <key>");
            return;
        }
        Optional<ApiKey> key = keys.authenticate(secret.get());
        if (key.isEmpty()) {
            refuse(rc, 401, "the API key is not known");
            return;
        }
        long wait = rateLimiter.secondsToWait(key.get().name());
        if (wait > 0) {
            rc.response().putHeader("Retry-After", Long.toString(wait));
            refuse(rc, 429, "key " + key.get().name() + " is over its rate limit");
            return;
        }
        rc.put(KEY, key.get());
        rc.next();
    }

    /** An RFC 9457 problem, as REST answers: the status, and a detail that never carries the key. */
    private static void refuse(RoutingContext rc, int status, String detail) {
        if (status == 401) {
            rc.response().putHeader("WWW-Authenticate", "Bearer");
        }
        String title = status == 401 ? "Unauthorized" : "Too Many Requests";
        String slug = status == 401 ? "unauthorized" : "rate-limited";
        rc.response().setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, "application/problem+json")
                .end(new JsonObject().put("type", "urn:pm-memory:problem:" + slug).put("title", title)
                        .put("status", status).put("detail", detail).encode());
    }
}
