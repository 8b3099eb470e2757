package dev.pmmemory.adapters.rest;

import jakarta.ws.rs.container.ContainerRequestContext;
import java.net.URI;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * api.md's custom methods, {@code POST …/memories/{id}:confirm}, {@code :reject} and {@code …/feedback:batch}. The router cannot
 * match a template with a literal after a parameter in one segment ("{memory_id}" swallows
 * "m1:confirm", and the POST then answers 405), so the request is routed as {@code …/{id}/confirm}
 * before matching, and the OpenAPI document shows the path as callers write it.
 */
public class CustomMethods {
    private static final Pattern ON_A_MEMORY =
            Pattern.compile("(/v1/(?:profiles|teams)/[^/]+/memories/(?:(?!%3[Aa])[^/:])+)(?::|%3[Aa])(confirm|reject)");
    private static final Pattern ROUTED = Pattern.compile("(/memories/\\{memory_id})/(confirm|reject)$");
    /** {@code POST …/feedback:batch}, routed as {@code …/feedback/batch}. */
    private static final Pattern ON_FEEDBACK = Pattern.compile("(/v1/profiles/[^/]+/feedback)(?::|%3[Aa])(batch)");
    private static final Pattern ROUTED_FEEDBACK = Pattern.compile("(/feedback)/(batch)$");

    @ServerRequestFilter(preMatching = true)
    public void route(ContainerRequestContext request) {
        URI uri = request.getUriInfo().getRequestUri();
        String path = uri.getRawPath(); // clients may send the colon as %3A
        if (path == null) {
            return;
        }
        Matcher m = ON_A_MEMORY.matcher(path);
        if (!m.matches()) {
            m = ON_FEEDBACK.matcher(path);
        }
        if (m.matches()) {
            String routed = m.group(1) + "/" + m.group(2) + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            request.setRequestUri(uri.resolve(routed));
        }
    }

    /** The path as documented: {@code …/{memory_id}/confirm} becomes {@code …/{memory_id}:confirm}. */
    static String documented(String routedPath) {
        String onAMemory = ROUTED.matcher(routedPath).replaceFirst("$1:$2");
        return ROUTED_FEEDBACK.matcher(onAMemory).replaceFirst("$1:$2");
    }
}
