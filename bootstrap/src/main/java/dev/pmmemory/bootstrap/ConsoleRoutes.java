package dev.pmmemory.bootstrap;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * The PM console is static (META-INF/resources/console/, served by Quarkus with its index page at
 * /console/). A typed or bookmarked /console, without the slash, would be a 404: send it to the page.
 * Relative asset paths in the page need the slash, hence a redirect rather than serving it here.
 */
@ApplicationScoped
public class ConsoleRoutes {
    static final String CONSOLE = "/console/";

    void addRedirect(@Observes Router router) {
        // Vert.x matches "/console" and "/console/" alike: only the bare path is redirected
        router.get("/console").handler(rc -> {
            if ("/console".equals(rc.request().path())) {
                rc.redirect(CONSOLE);
            } else {
                rc.next();
            }
        });
    }
}
