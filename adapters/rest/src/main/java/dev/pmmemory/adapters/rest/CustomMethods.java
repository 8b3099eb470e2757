package dev.pmmemory.adapters.rest;

import jakarta.ws.rs.container.ContainerRequestContext;
import java.net.URI;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * API.md's custom methods, {@code POST …/memories/{id}:confirm} and {@code :reject}. The router cannot
 * match a template with a literal after a parameter in one segment ("{memory_id}" swallows
 * "m1:confirm", and the POST then answers 405), so the request is routed as {@code …/{id}/confirm}
 * before matching, and the OpenAPI document shows the path as callers write it.
 */
public class CustomMethods {
    private static final Pattern ON_A_MEMORY =
            Pattern.compile("(/v1/profiles/[^/]+/memories/(?:(?!%3[Aa])[^/:])+)(?::|%3[Aa])(confirm|reject)");
    private static final Pattern ROUTED = Pattern.compile("(/memories/\\{memory_id})/(confirm|reject)$");

    @ServerRequestFilter(preMatching = true)
    public void route(ContainerRequestContext request) {
        URI uri = request.getUriInfo().getRequestUri();
        String path = uri.getRawPath(); // clients may send the colon as %3A
        if (path == null) {
            return;
        }
        Matcher m = ON_A_MEMORY.matcher(path);
        if (m.matches()) {
            String routed = m.group(1) + "/" + m.group(2) + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            request.setRequestUri(uri.resolve(routed));
        }
    }

    /** The path as documented: {@code …/{memory_id}/confirm} becomes {@code …/{memory_id}:confirm}. */
    static String documented(String routedPath) {
        return ROUTED.matcher(routedPath).replaceFirst("$1:$2");
    }
}
