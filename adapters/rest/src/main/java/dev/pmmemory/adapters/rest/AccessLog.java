package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.problem.Problems;
import dev.pmmemory.adapters.rest.auth.AccessControl;
import dev.pmmemory.adapters.rest.dto.FeedbackResponse;
import dev.pmmemory.adapters.rest.dto.Problem;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * One INFO line per request: request id, method, path, profile, key name, status, outcome and
 * time taken. Never the body or the query string: they carry what the PM said.
 * The request id is the caller's {@code X-Request-Id} when it is a plain token, else a new one,
 * and is echoed back.
 */
public class AccessLog {
    static final String REQUEST_ID = "X-Request-Id";
    private static final Logger LOG = Logger.getLogger("pm-memory.access");
    private static final Pattern SAFE_ID = Pattern.compile("[A-Za-z0-9_.:-]{1,64}");
    private static final String STARTED = "pm-memory.started-nanos";
    private static final String ID = "pm-memory.request-id";

    @ServerRequestFilter(preMatching = true)
    public void start(ContainerRequestContext request) {
        String given = request.getHeaderString(REQUEST_ID);
        request.setProperty(ID, given != null && SAFE_ID.matcher(given).matches() ? given : UUID.randomUUID().toString());
        request.setProperty(STARTED, System.nanoTime());
    }

    @ServerResponseFilter
    public void finish(ContainerRequestContext request, ContainerResponseContext response) {
        Object id = request.getProperty(ID);
        if (id != null) {
            response.getHeaders().putSingle(REQUEST_ID, id);
        }
        Object started = request.getProperty(STARTED);
        long micros = started instanceof Long t ? (System.nanoTime() - t) / 1000 : -1;
        String profile = request.getUriInfo().getPathParameters().getFirst("profile_id");
        Object key = request.getProperty(AccessControl.KEY_NAME);
        LOG.infof("request_id=%s method=%s path=%s profile=%s key=%s status=%d outcome=%s duration_ms=%.1f",
                id, request.getMethod(), request.getUriInfo().getPath(), profile == null ? "-" : profile,
                key == null ? "-" : key, response.getStatus(), outcome(response.getEntity()), micros / 1000.0);
    }

    private static String outcome(Object entity) {
        if (entity instanceof FeedbackResponse f) {
            return f.outcome();
        }
        if (entity instanceof Problem p) {
            return p.type().substring(Problems.TYPE_PREFIX.length());
        }
        return "-";
    }
}
