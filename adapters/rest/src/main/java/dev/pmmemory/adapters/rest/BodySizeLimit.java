package dev.pmmemory.adapters.rest;

import dev.pmmemory.adapters.rest.problem.Problems;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pmmemory.adapters.rest.dto.Problem;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpHeaders;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses a body whose declared Content-Length is over {@code memory.http.max-body-size} with a
 * 413 problem response, before it is read. The HTTP layer's own limit
 * ({@code quarkus.http.limits.max-body-size}) is set higher as a hard cap for bodies sent
 * without a length; it answers with an empty 413, so it must not be the one a normal client meets.
 *
 * <p>An import ({@code POST …/import}) carries a whole profile's export: it has its own, larger
 * limit, {@code memory.http.max-import-size} (at most the hard cap).
 */
@Singleton
public class BodySizeLimit {
    private static final java.util.regex.Pattern IMPORT = java.util.regex.Pattern.compile("/v1/profiles/[^/]+/import");
    private static final java.util.regex.Pattern BATCH =
            java.util.regex.Pattern.compile(".*/feedback(?::|%3[Aa]|/)batch");

    private final long maxBytes;
    private final long maxImportBytes;
    private final long maxBatchBytes;
    private final ObjectMapper json;

    /** @param maxBatch the limit of {@code feedback:batch}, whose body carries up to 500 messages */
    public BodySizeLimit(@ConfigProperty(name = "memory.http.max-body-size", defaultValue = "256K") MemorySize max,
                         @ConfigProperty(name = "memory.http.max-import-size", defaultValue = "16M") MemorySize maxImport,
                         @ConfigProperty(name = "memory.http.max-batch-body-size", defaultValue = "4M") MemorySize maxBatch,
                         ObjectMapper json) {
        this.maxBytes = max.asLongValue();
        this.maxImportBytes = maxImport.asLongValue();
        this.maxBatchBytes = maxBatch.asLongValue();
        this.json = json;
    }

    void register(@Observes Filters filters) {
        filters.register(rc -> {
            String length = rc.request().getHeader(HttpHeaders.CONTENT_LENGTH);
            String path = rc.request().path();
            long limit = path == null ? maxBytes
                    : IMPORT.matcher(path).matches() ? maxImportBytes
                    : BATCH.matcher(path).matches() ? maxBatchBytes
                    : maxBytes;
            if (length != null && isOver(length, limit)) {
                rc.response().setStatusCode(413)
                        .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                        .putHeader(HttpHeaders.CONNECTION, "close")
                        .end(problemBody(limit));
                return;
            }
            rc.next();
        }, 100);
    }

    private static boolean isOver(String contentLength, long limit) {
        try {
            return Long.parseLong(contentLength.strip()) > limit;
        } catch (NumberFormatException e) {
            return false; // a malformed header is the HTTP layer's to reject
        }
    }

    private String problemBody(long limit) {
        Problem p = new Problem(Problems.TYPE_PREFIX + "payload-too-large", "Payload Too Large", 413,
                "the request body is larger than " + limit + " bytes", List.of());
        try {
            return json.writeValueAsString(p);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
