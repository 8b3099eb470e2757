package dev.pmmemory.adapters.rest;

import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * Declares, on every /v1 operation, the problem responses every call can meet (auth, rate limit,
 * store down, and for bodies: too large, not JSON), so that generated clients know them all
 * without each resource method repeating the same annotations. Custom methods
 * ({@link CustomMethods}) are shown at the path callers use.
 */
public class ProblemResponsesFilter implements OASFilter {
    // Sorted: Map.of iterates in a different order on each JVM, and the document must not change between runs.
    private static final Map<String, String> EVERY_CALL = new java.util.TreeMap<>(Map.of(
            "401", "no API key, or an unknown one (when keys are configured)",
            "403", "the key's scope or profiles do not cover this call",
            "429", "the key is over its rate limit; retry after Retry-After seconds",
            "503", "the store cannot be reached; retry after Retry-After seconds"));
    private static final Map<String, String> WITH_BODY = new java.util.TreeMap<>(Map.of(
            "413", "the body is larger than memory.http.max-body-size",
            "415", "the body is not application/json"));

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        auditKindsFromTheApplication(openAPI);
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        for (String path : java.util.List.copyOf(openAPI.getPaths().getPathItems().keySet())) {
            String documented = CustomMethods.documented(path);
            if (!documented.equals(path)) {
                PathItem item = openAPI.getPaths().getPathItem(path);
                openAPI.getPaths().removePathItem(path);
                openAPI.getPaths().addPathItem(documented, item);
            }
        }
        for (Map.Entry<String, PathItem> path : openAPI.getPaths().getPathItems().entrySet()) {
            if (!path.getKey().startsWith("/v1/")) {
                continue;
            }
            for (Map.Entry<PathItem.HttpMethod, Operation> op : path.getValue().getOperations().entrySet()) {
                pathParametersInPathOrder(path.getKey(), op.getValue());
                EVERY_CALL.forEach((code, text) -> declare(op.getValue(), code, text));
                if (op.getKey() == PathItem.HttpMethod.POST || op.getKey() == PathItem.HttpMethod.PUT
                        || op.getKey() == PathItem.HttpMethod.PATCH) {
                    WITH_BODY.forEach((code, text) -> declare(op.getValue(), code, text));
                }
            }
        }
    }

    /**
     * Path parameters first, in the order the path names them ({@code profile_id} before {@code memory_id}):
     * generated clients take them positionally, and the document otherwise lists them alphabetically.
     */
    private static void pathParametersInPathOrder(String path, Operation operation) {
        if (operation.getParameters() == null) {
            return;
        }
        java.util.List<org.eclipse.microprofile.openapi.models.parameters.Parameter> sorted =
                new java.util.ArrayList<>(operation.getParameters());
        sorted.sort(java.util.Comparator.comparingInt(p -> p.getIn()
                == org.eclipse.microprofile.openapi.models.parameters.Parameter.In.PATH
                ? path.indexOf("{" + p.getName() + "}") : Integer.MAX_VALUE));
        operation.setParameters(sorted);
    }

    /** The audit kinds listed from the enum itself, so that a new kind cannot be missing from the document. */
    private static void auditKindsFromTheApplication(OpenAPI openAPI) {
        if (openAPI.getComponents() == null || openAPI.getComponents().getSchemas() == null) {
            return;
        }
        Schema event = openAPI.getComponents().getSchemas().get("AuditEvent");
        Schema kind = event == null || event.getProperties() == null ? null : event.getProperties().get("kind");
        if (kind != null) {
            kind.setEnumeration(java.util.Arrays.stream(dev.pmmemory.application.model.AuditKind.values())
                    .map(k -> (Object) k.wireName()).toList());
        }
    }

    private static void declare(Operation operation, String code, String description) {
        if (operation.getResponses() == null || operation.getResponses().hasAPIResponse(code)) {
            return;
        }
        Schema problem = OASFactory.createSchema().ref("#/components/schemas/Problem");
        APIResponse response = OASFactory.createAPIResponse().description(description)
                .content(OASFactory.createContent().addMediaType(ApiDocs.PROBLEM,
                        OASFactory.createMediaType().schema(problem)));
        operation.getResponses().addAPIResponse(code, response);
    }

}
