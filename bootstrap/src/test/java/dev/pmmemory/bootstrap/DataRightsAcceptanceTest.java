package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.context;
import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static io.restassured.path.json.JsonPath.from;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Data rights over REST (issue 10 item 6): export, erase, import. The round trip export → erase →
 * import → export gives the same document but the erase's tombstone; every refused import stores
 * nothing.
 */
@QuarkusTest
class DataRightsAcceptanceTest {
    private static final String PROFILE = "/v1/profiles/{p}";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Whether an erase also removes the bytes from the store's files (SQLite yes; PostgreSQL leaves it to VACUUM). */
    protected boolean storeShredsBytes() {
        return true;
    }

    // --- helpers ---------------------------------------------------------------------------------

    private static ValidatableResponse export(String p) {
        return given().when().get(PROFILE + "/export", p).then();
    }

    private static ValidatableResponse erase(String p) {
        return given().when().delete(PROFILE, p).then();
    }

    private static ValidatableResponse importDocument(String p, String document) {
        return given().contentType(ContentType.JSON).body(document).when().post(PROFILE + "/import", p).then();
    }

    private static ValidatableResponse putFact(String p, String attribute, String json) {
        return given().contentType(ContentType.JSON).body(json).when()
                .put(PROFILE + "/facts/{a}", p, attribute).then();
    }

    private static String exported(String p) {
        return export(p).statusCode(200).contentType(ContentType.JSON).extract().asString();
    }

    /**
     * A profile with a history: memories superseded wholly and per entity, corrected, confirmed; an
     * unclassified message; an experience; facts, one attribute with two versions and one closed.
     */
    private static String profileWithHistory() {
        String p = newProfile("rights");
        feedback(p, Map.of("message", "Anthropic 和 OpenAI 可以推进", "created_at", "2026-05-01T08:00:00Z",
                "message_id", "m-1", "session_id", "s-1")).statusCode(201);
        feedback(p, "Anthropic 商业化弱", "2026-05-02T08:00:00Z").statusCode(201);
        String corrected = feedback(p, "Mistral 估值高", "2026-05-03T08:00:00Z").statusCode(201)
                .extract().path("memory.id");
        feedback(p, "Mistral 估值高", "2026-05-04T08:00:00Z").statusCode(200).body("outcome", equalTo("deduplicated"));
        feedback(p, "今天天气不错", "2026-05-05T08:00:00Z").statusCode(200).body("outcome", equalTo("unclassified"));
        given().contentType(ContentType.JSON).body(Map.of("content", "Mistral 估值偏高 \"引号\"\n第二行"))
                .when().patch(PROFILE + "/memories/{id}", p, corrected).then().statusCode(200);
        feedback(p, "Cohere 可以推进", "2026-05-06T08:00:00Z").statusCode(201);
        String pending = feedback(p, Map.of("message", "Cohere 商业化弱", "source", "inferred", "created_at",
                "2026-05-07T08:00:00Z")).statusCode(201).body("outcome", equalTo("pending")).extract().path("memory.id");
        given().when().post(PROFILE + "/memories/{id}:reject", p, pending).then().statusCode(200);
        given().contentType(ContentType.JSON).body(Map.of("task", "推荐 OpenAI 跟投", "outcome", "PM 拒绝：估值太高",
                "lesson", "估值高的项目先给对比估值", "importance", 0.8, "created_at", "2026-05-08T08:00:00Z"))
                .when().post(PROFILE + "/experiences", p).then().statusCode(201);
        putFact(p, "focus_stage", "{\"value\": \"early\", \"valid_from\": \"2026-05-01T00:00:00Z\"}").statusCode(201);
        putFact(p, "regions", "{\"value\": [\"overseas\"], \"source\": \"inferred\", \"valid_from\": "
                + "\"2026-05-02T00:00:00Z\"}").statusCode(201);
        putFact(p, "focus_stage", "{\"value\": {\"stage\": \"growth\", \"ratio\": 0.25}, \"confidence\": 0.9, "
                + "\"valid_from\": \"2026-05-06T00:00:00Z\"}").statusCode(201);
        given().when().delete(PROFILE + "/facts/{a}", p, "regions").then().statusCode(200);
        return p;
    }

    /** The document without what differs between two exports of the same data: the time and the erase tombstones. */
    private static JsonNode comparable(String document) throws Exception {
        ObjectNode tree = (ObjectNode) JSON.readTree(document);
        tree.remove("exported_at");
        ArrayNode kept = JSON.createArrayNode();
        tree.get("audit_events").forEach(e -> {
            if (!e.get("kind").asText().equals("profile_erased")) {
                kept.add(e);
            }
        });
        tree.set("audit_events", kept);
        return tree;
    }

    // --- export ------------------------------------------------------------------------------------

    @Test
    void anExportHoldsEverythingOfTheProfileInOneVersionedDocument() {
        String p = profileWithHistory();

        export(p).statusCode(200)
                .body("format_version", equalTo(1))
                .body("profile_id", equalTo(p))
                .body("exported_at", notNullValue())
                .body("raw_messages", hasSize(7))
                .body("raw_messages.outcome", hasItems("created", "deduplicated", "unclassified"))
                .body("raw_messages.find { it.message_id == 'm-1' }.session_id", equalTo("s-1"))
                .body("memories.status", hasItems("active", "rejected"))
                .body("memories.find { it.superseded_entity_keys.size() > 0 }", notNullValue())
                .body("memories.content", hasItem("Mistral 估值偏高 \"引号\"\n第二行"))
                .body("audit_events.kind", hasItems("memory_created", "memory_corrected", "memory_rejected",
                        "message_unclassified"))
                .body("audit_events.find { it.kind == 'memory_corrected' }.before.content", equalTo("Mistral 估值高"))
                .body("audit_events.find { it.kind == 'memory_corrected' }.actor", equalTo("local"))
                .body("experiences", hasSize(1))
                .body("experiences[0].importance", equalTo(0.8f))
                .body("facts.attribute", contains("focus_stage", "focus_stage", "regions"))
                .body("facts[0].value", equalTo("early"))
                .body("facts[0].valid_until", equalTo("2026-05-06T00:00:00Z"))
                .body("facts[1].value.stage", equalTo("growth"))
                .body("facts[1].value.ratio", equalTo(0.25f))
                .body("facts[1].confidence", equalTo(0.9f))
                .body("facts[1].valid_until", equalTo(null))
                .body("facts[1].supersedes", equalTo(from(exported(p)).getString("facts[0].id")))
                .body("facts[2].source", equalTo("inferred"))
                .body("facts[2].valid_until", notNullValue())
                .body("facts.recorded_by", everyItem(equalTo("local")))
                .body("facts.recorded_at", everyItem(notNullValue()))
                .body("facts[0].profile_id", equalTo(null));
    }

    @Test
    void anUnknownProfileHasNothingToExportOrErase() {
        String p = newProfile("nobody");

        export(p).statusCode(404).contentType("application/problem+json");
        erase(p).statusCode(404).contentType("application/problem+json");
        export("x y").statusCode(400).body("errors.field", contains("profile_id"));
    }

    // --- erase -------------------------------------------------------------------------------------

    @Test
    void anEraseRemovesTheDataAndTheAuditKeepsContentFreeTombstones() {
        String p = profileWithHistory();
        String other = profileWithHistory();
        int events = export(p).extract().path("audit_events.size()");

        erase(p).statusCode(200)
                .body("profile_id", equalTo(p))
                .body("raw_messages", equalTo(7))
                .body("experiences", equalTo(1))
                .body("facts", equalTo(3))
                .body("audit_events_scrubbed", equalTo(events))
                .body("storage_shredded", equalTo(storeShredsBytes()));

        Api.memories(p, Map.of()).statusCode(200).body("items", empty());
        given().when().get(PROFILE + "/experiences", p).then().statusCode(200).body("items", empty());
        given().when().get(PROFILE + "/facts", p).then().statusCode(200).body("items", empty());
        given().when().get(PROFILE + "/facts/{a}/history", p, "focus_stage").then().statusCode(404);
        context(p, Map.of("query", "Mistral 估值", "as_of", "2026-05-09T08:00:00Z")).statusCode(200)
                .body("items", empty());
        export(p).statusCode(200)
                .body("raw_messages", empty()).body("memories", empty()).body("experiences", empty())
                .body("facts", empty())
                .body("audit_events", hasSize(events + 1))
                .body("audit_events.detail.findAll { it != '' }", contains(containsString("memories=")))
                .body("audit_events.before", everyItem(equalTo(null)))
                .body("audit_events.after", everyItem(equalTo(null)))
                .body("audit_events[-1].kind", equalTo("profile_erased"))
                .body("audit_events[-1].actor", equalTo("local"));
        export(other).statusCode(200).body("memories.size()", org.hamcrest.Matchers.greaterThan(0));
        erase(p).statusCode(404);
    }

    // --- import ------------------------------------------------------------------------------------

    @Test
    void exportEraseImportExportGivesTheSameDocumentButTheTombstone() throws Exception {
        String p = profileWithHistory();
        String first = exported(p);
        erase(p).statusCode(200);

        importDocument(p, first).statusCode(200)
                .body("profile_id", equalTo(p))
                .body("raw_messages", equalTo(7))
                .body("experiences", equalTo(1))
                .body("facts", equalTo(3));

        String second = exported(p);
        assertThat(comparable(second)).isEqualTo(comparable(first));
        assertThat(JSON.readTree(second).get("audit_events").findValuesAsText("kind")).contains("profile_erased");
        // the imported memories are recalled and deduplicated again
        context(p, Map.of("query", "Mistral 估值", "as_of", "2026-05-09T08:00:00Z")).statusCode(200)
                .body("items.content", hasItem(containsString("Mistral")))
                .body("prompt_block", startsWith("Known facts (reliable, treat as ground truth):\n"
                        + "- focus_stage: {\"ratio\":0.25,\"stage\":\"growth\"} (since 2026-05-06)\n"
                        + "- regions: [\"overseas\"] (since 2026-05-02)\n"));
        // the imported versions are the timeline: a new value follows the imported current one
        putFact(p, "focus_stage", "{\"value\": \"late\", \"valid_from\": \"2026-05-10T00:00:00Z\"}").statusCode(201)
                .body("fact.supersedes", equalTo(from(first).getString("facts[1].id")));
        feedback(p, Map.of("message", "Anthropic 和 OpenAI 可以推进", "message_id", "m-1")).statusCode(200)
                .body("outcome", equalTo("replayed"));
    }

    @Test
    void anImportIntoAProfileHoldingDataIsA409AndChangesNothing() throws Exception {
        String p = profileWithHistory();
        String document = exported(p);

        importDocument(p, document).statusCode(409).contentType("application/problem+json")
                .body("status", equalTo(409));

        assertThat(comparable(exported(p))).isEqualTo(comparable(document));

        // a profile holding nothing but a fact holds data too
        String q = newProfile("rights-facts");
        putFact(q, "focus_stage", "{\"value\": \"early\"}").statusCode(201);
        ObjectNode onlyFacts = ((ObjectNode) JSON.readTree(document)).put("profile_id", q);
        onlyFacts.set("raw_messages", JSON.createArrayNode());
        onlyFacts.set("memories", JSON.createArrayNode());
        onlyFacts.set("audit_events", JSON.createArrayNode());
        onlyFacts.set("experiences", JSON.createArrayNode());
        importDocument(q, onlyFacts.toString()).statusCode(409).contentType("application/problem+json");
        given().when().get(PROFILE + "/facts/{a}/history", q, "focus_stage").then().statusCode(200)
                .body("versions", hasSize(1));
    }

    @Test
    void anotherFormatVersionOrAMalformedDocumentIsA400NamingTheFieldAndStoresNothing() throws Exception {
        String p = profileWithHistory();
        ObjectNode document = (ObjectNode) JSON.readTree(exported(p));
        erase(p).statusCode(200);
        String erased = exported(p);

        ObjectNode otherVersion = document.deepCopy().put("format_version", 2);
        importDocument(p, otherVersion.toString()).statusCode(400).contentType("application/problem+json")
                .body("errors.field", contains("format_version"));

        ObjectNode badMemory = document.deepCopy();
        ((ObjectNode) badMemory.get("memories").get(1)).put("weight", 0);
        ((ObjectNode) badMemory.get("raw_messages").get(0)).put("outcome", "lost");
        importDocument(p, badMemory.toString()).statusCode(400)
                .body("errors.field", hasItems("memories[1].weight", "raw_messages[0].outcome"));

        ObjectNode badFacts = document.deepCopy();
        ((ObjectNode) badFacts.get("facts").get(0)).put("valid_from", "last spring");
        ((ObjectNode) badFacts.get("facts").get(2)).put("confidence", 1.5);
        importDocument(p, badFacts.toString()).statusCode(400)
                .body("errors.field", containsInAnyOrder("facts[0].valid_from", "facts[2].confidence"));
        ObjectNode dangling = document.deepCopy();
        ((ObjectNode) dangling.get("facts").get(2)).put("supersedes", "no-such-version");
        importDocument(p, dangling.toString()).statusCode(400)
                .body("errors.field", contains("facts[2].supersedes"));
        ObjectNode twoOpen = document.deepCopy();
        ((ObjectNode) twoOpen.get("facts").get(0)).putNull("valid_until");
        importDocument(p, twoOpen.toString()).statusCode(400)
                .body("errors.field", contains("facts[1].valid_until"));

        ObjectNode otherProfile = document.deepCopy().put("profile_id", "pm-someone-else");
        importDocument(p, otherProfile.toString()).statusCode(400).body("errors.field", contains("profile_id"));

        importDocument(p, "{\"format_version\": 1, \"memories\": [").statusCode(400)
                .contentType("application/problem+json");
        importDocument(p, "[]").statusCode(400).contentType("application/problem+json");

        assertThat(comparable(exported(p))).isEqualTo(comparable(erased));
        export(p).body("memories", empty()).body("raw_messages", empty()).body("facts", empty());
    }

    @Test
    void anImportReusingAnIdOfAnotherProfileIsA409NamingTheFieldAndStoresNothing() throws Exception {
        String p = profileWithHistory();
        ObjectNode document = (ObjectNode) JSON.readTree(exported(p));
        erase(p).statusCode(200);
        String erased = exported(p);
        String q = profileWithHistory();
        JsonNode others = JSON.readTree(exported(q));
        String fresh = newProfile("rights-fresh"); // never held anything
        ObjectNode freshDocument = document.deepCopy().put("profile_id", fresh);
        // p's erase tombstones keep p's audit ids: as is, the first audit event is the clash
        importDocument(fresh, freshDocument.toString()).statusCode(409)
                .body("errors.field", contains("audit_events[0].id"));
        freshDocument.get("audit_events").forEach(e -> ((ObjectNode) e).put("id", "fresh-" + e.get("id").asText()));

        for (String[] part : new String[][] {{"raw_messages", "1"}, {"memories", "2"}, {"audit_events", "3"},
                {"experiences", "0"}, {"facts", "2"}}) {
            String field = part[0] + "[" + part[1] + "].id";
            String theirs = others.get(part[0]).get(0).get("id").asText();
            for (ObjectNode target : new ObjectNode[] {document, freshDocument}) {
                String ours = target.get(part[0]).get(Integer.parseInt(part[1])).get("id").asText();
                // renamed everywhere, links included: a consistent document but for the taken id
                String clashing = target.toString().replace("\"" + ours + "\"", "\"" + theirs + "\"");
                importDocument(target.get("profile_id").asText(), clashing).statusCode(409)
                        .contentType("application/problem+json")
                        .body("status", equalTo(409))
                        .body("errors.field", contains(field))
                        .body("detail", startsWith(field + ": "));
            }
        }

        assertThat(comparable(exported(p))).isEqualTo(comparable(erased));
        export(fresh).statusCode(404); // still holds nothing at all
        assertThat(comparable(exported(q))).isEqualTo(comparable(others.toString()));
        // the document itself still loads
        importDocument(p, document.toString()).statusCode(200);
    }

    @Test
    void aDocumentRepeatingAnIdOrLinkingAMessageToAMemoryItDoesNotHoldIsA400() throws Exception {
        String p = profileWithHistory();
        ObjectNode document = (ObjectNode) JSON.readTree(exported(p));
        erase(p).statusCode(200);
        String erased = exported(p);

        ObjectNode repeated = document.deepCopy();
        ((ObjectNode) repeated.get("memories").get(1)).put("id", document.get("memories").get(0).get("id").asText());
        importDocument(p, repeated.toString()).statusCode(400).contentType("application/problem+json")
                .body("errors.field", hasItem("memories[1].id"));

        ObjectNode orphan = document.deepCopy();
        ((ObjectNode) orphan.get("raw_messages").get(0)).put("memory_id", "no-such-memory");
        importDocument(p, orphan.toString()).statusCode(400).contentType("application/problem+json")
                .body("errors.field", contains("raw_messages[0].memory_id"));

        assertThat(comparable(exported(p))).isEqualTo(comparable(erased));
    }

    @Test
    void anImportMayBeLargerThanOtherBodiesUpToItsOwnLimit() {
        String p = newProfile("big");
        // 300 KB: over the 256K of memory.http.max-body-size, well under the import's 16M
        String padding = " ".repeat(300 * 1024);
        importDocument(p, "{\"format_version\": 2," + padding + "\"profile_id\": \"" + p + "\"}").statusCode(400)
                .body("errors.field", contains("format_version"));
        given().contentType(ContentType.JSON).body("{\"message\": \"OpenAI 估值高\"," + padding + "}")
                .when().post(PROFILE + "/feedback", p).then().statusCode(413);
    }

    @Test
    void theThreeCallsAreDocumentedInTheOpenApiDocument() {
        given().queryParam("format", "json").when().get("/q/openapi").then().statusCode(200)
                .body("paths.'/v1/profiles/{profile_id}/export'.get.operationId", equalTo("exportProfile"))
                .body("paths.'/v1/profiles/{profile_id}'.delete.operationId", equalTo("eraseProfile"))
                .body("paths.'/v1/profiles/{profile_id}/import'.post.operationId", equalTo("importProfile"))
                .body("paths.'/v1/profiles/{profile_id}/import'.post.responses.'409'", notNullValue())
                .body("components.schemas.ProfileExport.properties.format_version", notNullValue());
    }
}
