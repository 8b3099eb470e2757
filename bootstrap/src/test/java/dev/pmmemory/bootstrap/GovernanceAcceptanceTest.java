package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.context;
import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.memory;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.domain.memory.Memory;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 10 parts 2 and 3 over REST: correct, delete, confirm and reject a memory; read an entity's
 * history, the audit trail and the raw messages. Every refused call leaves the store as it was.
 */
@QuarkusTest
class GovernanceAcceptanceTest {
    private static final String MEMORIES = "/v1/profiles/{p}/memories/{id}";

    @Inject
    MemoryStore store;

    // --- helpers ---------------------------------------------------------------------------------

    private static String created(String profile, Map<String, ?> body) {
        return feedback(profile, body).statusCode(201).extract().path("memory.id");
    }

    private static String created(String profile, String message) {
        return created(profile, Map.of("message", message));
    }

    /** An explicit advance, then a weaker (inferred) negative on the same entity: held pending. */
    private static String[] pendingConflict(String p) {
        String advance = created(p, "Anthropic 可以推进");
        String pending = feedback(p, Map.of("message", "Anthropic 商业化弱", "source", "inferred"))
                .statusCode(201).body("outcome", equalTo("pending")).extract().path("memory.id");
        return new String[] {advance, pending};
    }

    private static ValidatableResponse post(String profile, String id, String action) {
        return given().when().post(MEMORIES + ":" + action, profile, id).then();
    }

    private static ValidatableResponse patch(String profile, String id, String json) {
        return given().contentType(ContentType.JSON).body(json).when().patch(MEMORIES, profile, id).then();
    }

    private static ValidatableResponse delete(String profile, String id) {
        return given().when().delete(MEMORIES, profile, id).then();
    }

    private static ValidatableResponse get(String path, String profile, Map<String, ?> params) {
        return given().queryParams(params).when().get("/v1/profiles/{p}" + path, profile).then();
    }

    private record Snapshot(List<Memory> memories, long messages, List<AuditEvent> events) {
    }

    private Snapshot snapshot(String p) {
        return store.read(tx -> new Snapshot(
                tx.memories().list(new MemoryListQuery(p, null, null, null, null, 1000, Instant.now())),
                tx.rawMessages().countByProfile(p),
                tx.auditTrail().newestFirst(p, null, null, 1000)));
    }

    private static void problem(ValidatableResponse r, int status) {
        r.statusCode(status).contentType("application/problem+json").body("status", equalTo(status))
                .body(not(containsString("Exception")));
    }

    // --- confirm and reject ----------------------------------------------------------------------

    @Test
    void confirmingAPendingMemoryMakesItActiveAndSupersedesTheOtherDecision_andGetStillWorksOnTheSamePath() {
        String p = newProfile("gov-confirm");
        String[] ids = pendingConflict(p);
        memory(p, ids[1]).statusCode(200).body("status", equalTo("pending"))
                .body("pending_reason", equalTo("conflict"));

        post(p, ids[1], "confirm").statusCode(200)
                .body("memory.id", equalTo(ids[1]))
                .body("memory.status", equalTo("active"))
                .body("memory.pending_reason", equalTo(null))
                .body("superseded", contains(ids[0]));

        memory(p, ids[1]).statusCode(200).body("status", equalTo("active"));
        memory(p, ids[0]).statusCode(200).body("status", equalTo("superseded"))
                .body("superseded_by", equalTo(ids[1])).body("valid_until", notNullValue());
        context(p, Map.of("query", "Anthropic", "limit", 5)).statusCode(200)
                .body("items.id", contains(ids[1]));
        get("/audit", p, Map.of("memory_id", ids[1])).statusCode(200)
                .body("items[0].kind", equalTo("memory_confirmed"))
                .body("items[0].actor", equalTo("local"))
                .body("items[0].before.status", equalTo("pending"))
                .body("items[0].after.status", equalTo("active"));
    }

    @Test
    void rejectingAPendingMemoryKeepsTheOtherDecision_andSettlingTwiceIsAConflictThatChangesNothing() {
        String p = newProfile("gov-reject");
        String[] ids = pendingConflict(p);

        // the colon as written, not percent-encoded as RestAssured sends it elsewhere
        given().urlEncodingEnabled(false).when().post("/v1/profiles/" + p + "/memories/" + ids[1] + ":reject")
                .then().statusCode(200).body("memory.status", equalTo("rejected"));
        memory(p, ids[0]).statusCode(200).body("status", equalTo("active"));

        Snapshot before = snapshot(p);
        problem(post(p, ids[1], "confirm"), 409);
        problem(post(p, ids[1], "reject"), 409);
        problem(post(p, ids[0], "confirm"), 409);
        post(p, ids[0], "confirm").body("detail", containsString("only a pending memory"));
        assertThat(snapshot(p)).isEqualTo(before);
    }

    // --- delete ----------------------------------------------------------------------------------

    @Test
    void deletingHidesTheMemoryFromRecallAndKeepsItListedAsDeleted() {
        String p = newProfile("gov-delete");
        String id = created(p, "OpenAI 估值高");

        delete(p, id).statusCode(200).body("memory.status", equalTo("deleted"))
                .body("memory.valid_until", notNullValue());

        context(p, Map.of("query", "OpenAI")).statusCode(200).body("items", empty());
        Api.memories(p, Map.of("status", "deleted")).statusCode(200).body("items.id", contains(id));
        get("/audit", p, Map.of("memory_id", id)).statusCode(200)
                .body("items[0].kind", equalTo("memory_deleted"))
                .body("items[0].actor", equalTo("local"))
                .body("items[0].after.status", equalTo("deleted"));

        Snapshot before = snapshot(p);
        problem(delete(p, id), 409);
        assertThat(snapshot(p)).isEqualTo(before);
    }

    // --- correct ---------------------------------------------------------------------------------

    @Test
    void correctingTheContentRedactsItAndRecallFindsTheMemoryByItsNewEntity() {
        String p = newProfile("gov-patch");
        String id = created(p, "OpenAI 估值高");

        patch(p, id, "{\"content\": \"Cohere 估值高 password: hunter2-secret\"}").statusCode(200)
                .body("memory.content", containsString("[REDACTED:password]"))
                .body("memory.content", not(containsString("hunter2")))
                .body("memory.entities", contains("Cohere"));

        context(p, Map.of("query", "Cohere", "limit", 1)).statusCode(200).body("items[0].id", equalTo(id));
        get("/audit", p, Map.of("memory_id", id)).statusCode(200)
                .body("items[0].kind", equalTo("memory_corrected"))
                .body("items[0].before.content", equalTo("OpenAI 估值高"))
                .body("items[0].after.content", containsString("Cohere"));

        patch(p, id, "{\"type\": \"long_term_preference\", \"expires_at\": null}").statusCode(200)
                .body("memory.type", equalTo("long_term_preference"))
                .body("memory.expires_at", nullValue());
        patch(p, id, "{\"expires_at\": \"2030-01-01T00:00:00+08:00\"}").statusCode(200)
                .body("memory.expires_at", equalTo("2029-12-31T16:00:00Z"));
    }

    static Stream<Arguments> badCorrections() {
        return Stream.of(
                Arguments.of("an unknown field", "{\"colour\": \"red\"}", "colour"),
                Arguments.of("a known and an unknown field", "{\"content\": \"OpenAI 估值偏高\", \"weight\": 3}",
                        "weight"),
                Arguments.of("an unknown type", "{\"type\": \"gossip\"}", "type"),
                Arguments.of("a type of the wrong JSON type", "{\"type\": 3}", "type"),
                Arguments.of("an empty content", "{\"content\": \"\"}", "content"),
                Arguments.of("a blank content", "{\"content\": \"   \"}", "content"),
                Arguments.of("a content of the wrong JSON type", "{\"content\": [\"OpenAI\"]}", "content"),
                Arguments.of("a bad expires_at", "{\"expires_at\": \"next week\"}", "expires_at"),
                Arguments.of("no field", "{}", "body"),
                Arguments.of("not an object", "[\"content\"]", "body"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badCorrections")
    void aBadCorrectionIsA400NamingTheFieldAndChangesNothing(String name, String body, String field) {
        String p = newProfile("gov-bad");
        String id = created(p, "OpenAI 估值高");
        Snapshot before = snapshot(p);

        ValidatableResponse r = patch(p, id, body);

        problem(r, 400);
        r.body("errors.field", hasItem(field));
        assertThat(snapshot(p)).isEqualTo(before);
    }

    @Test
    void anUnknownMemoryOrProfileIsA404AndChangesNothing() {
        String p = newProfile("gov-404");
        String id = created(p, "OpenAI 估值高");
        Snapshot before = snapshot(p);

        problem(patch(p, "no-such-memory", "{\"content\": \"OpenAI 估值偏高\"}"), 404);
        problem(delete(p, "no-such-memory"), 404);
        problem(post(p, "no-such-memory", "confirm"), 404);
        problem(post(p, "no-such-memory", "reject"), 404);
        problem(delete(newProfile("gov-nobody"), id), 404);
        problem(get("/audit", p, Map.of("memory_id", "no-such-memory")), 404);
        String nobody = newProfile("gov-nobody");
        problem(get("/entities/OpenAI/history", nobody, Map.of()), 404);
        problem(get("/audit", nobody, Map.of()), 404);
        problem(get("/messages", nobody, Map.of()), 404);

        assertThat(snapshot(p)).isEqualTo(before);
        assertThat(snapshot(nobody).messages()).isZero();
    }

    // --- history ---------------------------------------------------------------------------------

    @Test
    void anEntitysHistoryListsItsMemoriesOldestFirstWhateverTheCaseWithTheirStatusChanges() {
        String p = newProfile("gov-history");
        String advance = created(p, Map.of("message", "Anthropic 可以推进", "created_at", "2026-05-01T10:00:00Z"));
        String negative = created(p, Map.of("message", "anthropic 商业化弱", "created_at", "2026-05-02T10:00:00Z"));
        created(p, "OpenAI 估值高");

        given().when().get("/v1/profiles/{p}/entities/{name}/history", p, "ANTHROPIC").then().statusCode(200)
                .body("entity", equalTo("ANTHROPIC"))
                .body("items.id", contains(advance, negative))
                .body("items[0].status", equalTo("superseded"))
                .body("items[0].status_changes.status", contains("active", "superseded"))
                .body("items[0].status_changes[1].event", equalTo("memory_superseded"))
                .body("items[1].status_changes.status", contains("active", "expired"))
                .body("items[1].status_changes[1].event", nullValue());
        given().when().get("/v1/profiles/{p}/entities/{name}/history", p, "Cohere").then().statusCode(200)
                .body("items", empty());
    }

    @Test
    void theAuditTrailIsNewestFirstAndCursorPaged() {
        String p = newProfile("gov-audit");
        String id = created(p, "OpenAI 估值高");
        feedback(p, "OpenAI 估值高").statusCode(200);
        feedback(p, "今天天气怎么样").statusCode(200).body("outcome", equalTo("unclassified"));
        delete(p, id).statusCode(200);

        List<String> kinds = new ArrayList<>();
        String cursor = null;
        do {
            Map<String, Object> params = cursor == null ? Map.of("limit", 2) : Map.of("limit", 2, "cursor", cursor);
            ValidatableResponse page = get("/audit", p, params).statusCode(200).body("items", hasSize(
                    org.hamcrest.Matchers.lessThanOrEqualTo(2)));
            kinds.addAll(page.extract().path("items.kind"));
            cursor = page.extract().path("next_cursor");
        } while (cursor != null);

        assertThat(kinds).containsExactly("memory_deleted", "message_unclassified", "memory_reinforced",
                "memory_created");
        problem(get("/audit", p, Map.of("cursor", "not-a-cursor")), 400);
        get("/audit", p, Map.of("limit", 0)).statusCode(400).body("errors.field", hasItem("limit"));
    }

    @Test
    void rawMessagesAreNewestFirstAndTheUnclassifiedOnesCanBeReadApart() {
        String p = newProfile("gov-messages");
        feedback(p, "OpenAI 估值高").statusCode(201);
        feedback(p, "今天天气怎么样").statusCode(200);
        feedback(p, "Anthropic 今天吃什么").statusCode(200);

        get("/messages", p, Map.of("outcome", "unclassified")).statusCode(200)
                .body("items.content", contains("Anthropic 今天吃什么", "今天天气怎么样"))
                .body("items[0].outcome", equalTo("unclassified"))
                .body("next_cursor", nullValue());
        ValidatableResponse first = get("/messages", p, Map.of("limit", 2)).statusCode(200)
                .body("items.content", contains("Anthropic 今天吃什么", "今天天气怎么样"));
        String cursor = first.extract().path("next_cursor");
        get("/messages", p, Map.of("limit", 2, "cursor", cursor)).statusCode(200)
                .body("items.content", contains("OpenAI 估值高"))
                .body("items[0].memory_id", notNullValue())
                .body("next_cursor", nullValue());
        get("/messages", p, Map.of("outcome", "misunderstood")).statusCode(400)
                .body("errors.field", hasItem("outcome"));
    }

    @Test
    void everyNewOperationIsTaggedNamedAndDeclaresItsProblems() {
        given().when().get("/q/openapi?format=json").then().statusCode(200)
                .body("paths.'/v1/profiles/{profile_id}/memories/{memory_id}'.patch.operationId",
                        equalTo("correctMemory"))
                .body("paths.'/v1/profiles/{profile_id}/memories/{memory_id}'.patch.responses.'409'", notNullValue())
                .body("paths.'/v1/profiles/{profile_id}/memories/{memory_id}'.delete.operationId",
                        equalTo("deleteMemory"))
                .body("paths.'/v1/profiles/{profile_id}/memories/{memory_id}:confirm'.post.operationId",
                        equalTo("confirmMemory"))
                .body("paths.'/v1/profiles/{profile_id}/memories/{memory_id}:confirm'.post.responses.'409'",
                        notNullValue())
                .body("paths.'/v1/profiles/{profile_id}/memories/{memory_id}:reject'.post.operationId",
                        equalTo("rejectMemory"))
                .body("paths.'/v1/profiles/{profile_id}/entities/{name}/history'.get.operationId",
                        equalTo("getEntityHistory"))
                .body("paths.'/v1/profiles/{profile_id}/entities/{name}/history'.get.tags[0]", equalTo("history"))
                .body("paths.'/v1/profiles/{profile_id}/audit'.get.operationId", equalTo("listAuditEvents"))
                .body("paths.'/v1/profiles/{profile_id}/audit'.get.responses.'404'", notNullValue())
                .body("paths.'/v1/profiles/{profile_id}/messages'.get.operationId", equalTo("listMessages"))
                .body("components.schemas.AuditEvent.properties.actor", notNullValue());
    }
}
