package dev.pmmemory.adapters.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SnapshotDocumentTest {

    @Test
    void servesTheCommittedDocumentAsYamlAndTheSameTreeAsJson() throws Exception {
        SnapshotDocument.Rendered doc = new SnapshotDocument().get();
        assertThat(new String(doc.yaml(), StandardCharsets.UTF_8)).startsWith("---").contains("openapi:");
        JsonNode json = new ObjectMapper().readTree(doc.json());
        assertThat(json.path("openapi").asText()).startsWith("3.");
        assertThat(json.path("paths").has("/v1/profiles/{profile_id}/feedback")).isTrue();
    }

    @Test
    void keepsTheOrderOfTheYaml() throws Exception {
        SnapshotDocument.Rendered doc = SnapshotDocument.render("b: 1\na: [x, y]\n".getBytes(StandardCharsets.UTF_8));
        assertThat(new ObjectMapper().readTree(doc.json()).toString()).isEqualTo("{\"b\":1,\"a\":[\"x\",\"y\"]}");
    }

    @Test
    void choosesJsonByFormatFirstThenByAccept() {
        assertThat(OpenApiSnapshotRoutes.wantsJson("json", null)).isTrue();
        assertThat(OpenApiSnapshotRoutes.wantsJson("yaml", "application/json")).isFalse();
        assertThat(OpenApiSnapshotRoutes.wantsJson(null, "application/json")).isTrue();
        assertThat(OpenApiSnapshotRoutes.wantsJson(null, "*/*")).isFalse();
        assertThat(OpenApiSnapshotRoutes.wantsJson(null, null)).isFalse();
    }
}
