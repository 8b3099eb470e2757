package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document is part of the product (issue 10 part 7): every operation is described, the
 * server is named, the main operations carry examples, and the snapshot clients are generated from
 * ({@code docs/openapi.yaml}) is what the service serves.
 */
@QuarkusTest
class OpenApiDocumentTest {
    /** The snapshot, from the bootstrap module's directory (where Maven runs the tests). */
    static final Path SNAPSHOT = Path.of("..", "docs", "openapi.yaml");

    private static Map<String, Object> document() {
        return given().queryParam("format", "json").when().get("/q/openapi").then().statusCode(200)
                .extract().jsonPath().getMap("$");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Map<String, Object>>> paths() {
        return (Map<String, Map<String, Map<String, Object>>>) document().get("paths");
    }

    @Test
    void everyOperationHasASummaryADescriptionAndAnOperationId() {
        List<String> lacking = new ArrayList<>();
        paths().forEach((path, item) -> item.forEach((method, op) -> {
            for (String field : List.of("summary", "description", "operationId")) {
                Object value = op.get(field);
                if (!(value instanceof String s) || s.isBlank()) {
                    lacking.add(method.toUpperCase() + " " + path + " has no " + field);
                }
            }
        }));
        assertThat(lacking).isEmpty();
        assertThat(paths()).isNotEmpty();
    }

    /** A parameter without a type becomes {@code Object} in a generated client. */
    @Test
    @SuppressWarnings("unchecked")
    void everyParameterHasATypeOrAReference() {
        List<String> untyped = new ArrayList<>();
        paths().forEach((path, item) -> item.forEach((method, op) -> {
            List<Map<String, Object>> parameters = (List<Map<String, Object>>) op.getOrDefault("parameters", List.of());
            for (Map<String, Object> parameter : parameters) {
                Map<String, Object> schema = (Map<String, Object>) parameter.get("schema");
                if (schema == null || !(schema.containsKey("type") || schema.containsKey("$ref"))) {
                    untyped.add(method.toUpperCase() + " " + path + " " + parameter.get("name"));
                }
            }
        }));
        assertThat(untyped).isEmpty();
    }

    @Test
    void auditEventKindsAreTheApplicationsKinds() {
        given().queryParam("format", "json").when().get("/q/openapi").then().statusCode(200)
                .body("components.schemas.AuditEvent.properties.kind.enum", org.hamcrest.Matchers.containsInAnyOrder(
                        java.util.Arrays.stream(dev.pmmemory.application.model.AuditKind.values())
                                .map(dev.pmmemory.application.model.AuditKind::wireName).toArray()));
    }

    @Test
    void theServerIsNamed() {
        given().queryParam("format", "json").when().get("/q/openapi").then().statusCode(200)
                .body("servers[0].url", org.hamcrest.Matchers.equalTo("http://127.0.0.1:8080"));
    }

    @Test
    void theMainOperationsCarryExamples() {
        Map<String, Map<String, Map<String, Object>>> paths = paths();
        assertThat(requestExamples(paths, "/v1/profiles/{profile_id}/feedback", "post")).isNotEmpty();
        assertThat(responseExamples(paths, "/v1/profiles/{profile_id}/feedback", "post", "201")).isNotEmpty();
        assertThat(requestExamples(paths, "/v1/profiles/{profile_id}/feedback:batch", "post")).isNotEmpty();
        assertThat(responseExamples(paths, "/v1/profiles/{profile_id}/feedback:batch", "post", "200")).isNotEmpty();
        assertThat(responseExamples(paths, "/v1/profiles/{profile_id}/context", "get", "200")).isNotEmpty();
        assertThat(responseExamples(paths, "/v1/profiles/{profile_id}/memories/{memory_id}:confirm", "post", "200"))
                .isNotEmpty();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> requestExamples(Map<String, Map<String, Map<String, Object>>> paths,
                                                       String path, String method) {
        Map<String, Object> body = (Map<String, Object>) paths.get(path).get(method).get("requestBody");
        return examples((Map<String, Object>) body.get("content"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> responseExamples(Map<String, Map<String, Map<String, Object>>> paths,
                                                        String path, String method, String status) {
        Map<String, Object> responses = (Map<String, Object>) paths.get(path).get(method).get("responses");
        return examples((Map<String, Object>) ((Map<String, Object>) responses.get(status)).get("content"));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> examples(Map<String, Object> content) {
        Map<String, Object> json = (Map<String, Object>) content.get("application/json");
        Object examples = json.get("examples");
        return examples == null ? Map.of() : (Map<String, Object>) examples;
    }

    /**
     * The Java client of {@code GeneratedClientTest} is generated at build time from docs/openapi.yaml;
     * this keeps that snapshot equal to what the service serves. When they differ, the snapshot is
     * rewritten and the test fails once: review the diff and commit it.
     */
    @Test
    void theCommittedSnapshotIsWhatTheServiceServes() throws IOException {
        String served = given().queryParam("format", "yaml").when().get("/q/openapi").then().statusCode(200)
                .extract().asString();
        String committed = Files.exists(SNAPSHOT) ? Files.readString(SNAPSHOT, StandardCharsets.UTF_8) : "";
        if (!served.equals(committed)) {
            Files.writeString(SNAPSHOT, served, StandardCharsets.UTF_8);
            fail("docs/openapi.yaml differed from /q/openapi and was rewritten: review the diff, commit it, "
                    + "and build again (the generated client is made from it)");
        }
    }
}
