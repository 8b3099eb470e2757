package dev.pmmemory.adapters.openapi;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * /q/openapi in a build without the smallrye-openapi extension: YAML by default, JSON for
 * {@code ?format=json} or an {@code Accept} naming application/json, as the extension answers.
 */
@ApplicationScoped
public class OpenApiSnapshotRoutes {
    static final String PATH = "/q/openapi";

    private final SnapshotDocument document = new SnapshotDocument();

    void addRoute(@Observes Router router) {
        // blocking: the first request reads and converts the document
        router.get(PATH).blockingHandler(this::serve);
    }

    private void serve(RoutingContext rc) {
        SnapshotDocument.Rendered doc = document.get();
        boolean json = wantsJson(rc.request().getParam("format"), rc.request().getHeader(HttpHeaders.ACCEPT));
        rc.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, json ? "application/json;charset=UTF-8" : "application/yaml;charset=UTF-8")
                .end(Buffer.buffer(json ? doc.json() : doc.yaml()));
    }

    static boolean wantsJson(String format, String accept) {
        if (format != null) {
            return format.equalsIgnoreCase("json");
        }
        return accept != null && accept.contains("application/json");
    }
}
