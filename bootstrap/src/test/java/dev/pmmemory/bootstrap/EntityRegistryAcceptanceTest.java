package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.context;
import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.memories;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.oneOf;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 12 item 3 over REST: the entity registry. An alias resolves to its canonical entity for
 * conflicts, entity history, the entity= filter and recall, in either language and any case; a new
 * alias applies to memories stored before it; bad input is a 4xx naming the field and stores nothing.
 * The registry is deployment-wide and outlives a test: names a case adds are its own (random) and
 * removed at its end; the shipped entities are only read.
 */
@QuarkusTest
class EntityRegistryAcceptanceTest {
    private static final String ENTITY = "/v1/entities/{name}";

    private static ValidatableResponse put(String name, String json) {
        return given().contentType(ContentType.JSON).body(json).when().put(ENTITY, name).then();
    }

    private static ValidatableResponse get(String name) {
        return given().when().get(ENTITY, name).then();
    }

    private static ValidatableResponse history(String profile, String entity) {
        return given().when().get("/v1/profiles/{p}/entities/{e}/history", profile, entity).then();
    }

    /** A Chinese company name no dictionary lists, new to this run: 云 and two of these. */
    private static String unlistedHanName() {
        String pool = "岚峰川溪松柏桦榕梧楠枫桐";
        ThreadLocalRandom r = ThreadLocalRandom.current();
        return "云" + pool.charAt(r.nextInt(pool.length())) + pool.charAt(r.nextInt(pool.length()));
    }

    private static String unlistedLatinName() {
        StringBuilder name = new StringBuilder("Cloudpeak");
        ThreadLocalRandom r = ThreadLocalRandom.current();
        for (int i = 0; i < 5; i++) {
            name.append((char) ('a' + r.nextInt(26)));
        }
        return name.toString();
    }

    // --- the shipped pairs ---------------------------------------------------------------------------

    @Test
    void theShippedDictionaryIsInTheRegistryAndAnyNameFindsItsEntity() {
        get("DeepSeek").statusCode(200).body("name", equalTo("深度求索")).body("aliases", hasItem("DeepSeek"))
                .body("kind", equalTo("company"));
        get("deepseek").statusCode(200).body("name", equalTo("深度求索"));
        get("Kimi").statusCode(200).body("name", equalTo("月之暗面")).body("aliases", hasItem("Moonshot AI"));
        get("StepFun").statusCode(200).body("name", equalTo("阶跃星辰"));
        get("GLM").statusCode(200).body("name", equalTo("智谱"));
        get("01.AI").statusCode(200).body("name", equalTo("零一万物"));
        get("稀宇科技").statusCode(200).body("name", equalTo("MiniMax"));
        get("Qwen").statusCode(200).body("name", equalTo("阿里巴巴"));
        get("云深处科技").statusCode(404).contentType("application/problem+json");

        given().queryParam("query", "moonshot").when().get("/v1/entities").then().statusCode(200)
                .body("items.name", contains("月之暗面"));
        // pages by cursor: every entity once, in order
        List<String> names = new ArrayList<>();
        String cursor = null;
        do {
            var page = given().queryParam("limit", 20).queryParam("cursor", cursor == null ? "" : cursor)
                    .when().get("/v1/entities").then().statusCode(200).extract();
            names.addAll(page.path("items.name"));
            cursor = page.path("next_cursor");
        } while (cursor != null);
        assertThat(names).contains("深度求索", "月之暗面", "阶跃星辰", "百川智能", "面壁智能", "字节跳动").doesNotHaveDuplicates();
    }

    @Test
    void aDecisionUnderTheChineseNameIsSupersededByTheOppositeUnderTheEnglishOne() {
        String p = newProfile("alias-conflict");
        String first = feedback(p, "深度求索可以推进").statusCode(201).body("memory.type", equalTo("project_advance"))
                .body("memory.entities", contains("深度求索")).extract().path("memory.id");
        feedback(p, "DeepSeek 估值太高，先不看").statusCode(201).body("memory.type", equalTo("project_negative"))
                .body("memory.entities", contains("深度求索")).body("superseded", contains(first));
        memories(p, Map.of("status", "superseded")).statusCode(200).body("items.id", contains(first));

        // history and the entity= filter by either name, any case
        for (String name : List.of("DeepSeek", "深度求索", "DEEPSEEK")) {
            history(p, name).statusCode(200).body("items", hasSize(2))
                    .body("items[0].status", equalTo("superseded")).body("items[1].status", equalTo("active"));
            memories(p, Map.of("entity", name)).statusCode(200).body("items", hasSize(2));
            context(p, Map.of("query", "估值", "entity", name)).statusCode(200)
                    .body("items.content", contains("DeepSeek 估值太高，先不看"));
        }
    }

    @Test
    void recallMeetsTheOtherLanguage() {
        String p = newProfile("alias-recall");
        feedback(p, "月之暗面估值太高").statusCode(201);
        context(p, Map.of("query", "Kimi 最近怎么样", "limit", "3")).statusCode(200)
                .body("items.content", hasItem("月之暗面估值太高"));
    }

    // --- a new alias ---------------------------------------------------------------------------------

    @Test
    void aNewAliasAppliesToMemoriesStoredBeforeIt() throws InterruptedException {
        String han = unlistedHanName();
        String latin = unlistedLatinName();
        String p = newProfile("alias-new");
        feedback(p, han + "估值太高，先不看").statusCode(201).body("memory.entities", contains(han));
        memories(p, Map.of("entity", latin)).statusCode(200).body("items", hasSize(0));
        try {
            put(latin, "{\"aliases\": [\"" + han + "\"], \"kind\": \"company\"}").statusCode(oneOf(200, 201))
                    .body("name", equalTo(latin)).body("aliases", contains(han));
            get(han).statusCode(200).body("name", equalTo(latin));

            // re-indexed in the background: wait for it, boundedly
            Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
            List<String> entities = List.of();
            while (Instant.now().isBefore(deadline)) {
                List<List<String>> found = memories(p, Map.of("entity", latin)).statusCode(200).extract()
                        .path("items.entities");
                if (!found.isEmpty()) {
                    entities = found.get(0);
                    break;
                }
                Thread.sleep(200);
            }
            assertThat(entities).containsExactly(latin);
            memories(p, Map.of("entity", han)).statusCode(200).body("items", hasSize(1));
            history(p, han.toLowerCase()).statusCode(200).body("items", hasSize(1));
            given().when().post("/v1/admin/jobs/reindex:run").then().statusCode(200).body("job", equalTo("reindex"));

            // a later message under the new name meets the old one: a conflict across languages
            feedback(p, latin + " 可以推进了，约下周").statusCode(201).body("memory.entities", contains(latin))
                    .body("superseded", hasSize(1));
        } finally {
            given().when().delete(ENTITY, latin).then().statusCode(oneOf(204, 404));
        }
        get(han).statusCode(404);
    }

    // --- bad input -----------------------------------------------------------------------------------

    @Test
    void badInputIsAProblemNamingTheFieldAndStoresNothing() {
        String name = unlistedLatinName();
        put(" ", "{}").statusCode(400).contentType("application/problem+json").body("errors.field", contains("name"));
        put("x".repeat(101), "{}").statusCode(400).body("errors.field", contains("name"))
                .body("errors[0].message", containsString("100"));
        put(name, "{\"aliases\": [\"" + "y".repeat(101) + "\"]}").statusCode(400)
                .body("errors.field", contains("aliases[0]"));
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 33; i++) {
            many.add("\"" + name + i + "\"");
        }
        put(name, "{\"aliases\": [" + String.join(",", many) + "]}").statusCode(400)
                .body("errors.field", contains("aliases"));
        put(name, "{\"aliases\": [\"ok\", \"\"]}").statusCode(400).body("errors.field", contains("aliases[1]"));
        put(name, "{\"aliases\": \"DeepSeek\"}").statusCode(400).body("errors.field", contains("aliases"));
        put(name, "{\"kind\": \"planet\"}").statusCode(400).body("errors.field", contains("kind"));
        put(name, "{\"alias\": []}").statusCode(400).body("errors.field", contains("alias"));
        // a name another entity holds: 409 naming the field, nothing stored
        put(name, "{\"aliases\": [\"" + name + " Labs\", \"deepseek\"]}").statusCode(409)
                .contentType("application/problem+json").body("errors.field", contains("aliases[1]"))
                .body("detail", containsString("深度求索"));
        put("Kimi", "{}").statusCode(409).body("errors.field", contains("name"));
        get(name).statusCode(404);
        get(name + " Labs").statusCode(404);
        given().when().delete(ENTITY, name).then().statusCode(404).body("status", is(404));
    }

    @Test
    void everyRegistryChangeIsReadableInItsAuditTrailOverRest() {
        String name = unlistedLatinName();
        put(name, "{\"aliases\": [\"" + name + " Labs\"]}").statusCode(201);
        put(name, "{\"aliases\": [\"" + name + " Labs\", \"" + name + " Inc\"], \"kind\": \"product\"}").statusCode(200);
        given().when().delete(ENTITY, name).then().statusCode(204);
        String key = name.toLowerCase();

        // the entity's own trail, newest first, by its canonical name even after its deletion
        given().when().get(ENTITY + "/audit", name).then().statusCode(200)
                .body("items.kind", contains("entity_deleted", "entity_replaced", "entity_registered"))
                .body("items.memory_id", contains(key, key, key))
                .body("items[1].before.aliases", equalTo(name + " Labs"))
                .body("items[1].after.aliases", containsString(name + " Inc"))
                .body("items[1].after.kind", equalTo("product"))
                .body("next_cursor", equalTo(null));
        // the whole registry's trail holds them too, paged
        String cursor = given().queryParam("limit", 1).when().get("/v1/registry/audit").then().statusCode(200)
                .body("items", hasSize(1)).body("items[0].memory_id", equalTo(key))
                .body("items[0].kind", equalTo("entity_deleted"))
                .extract().path("next_cursor");
        given().queryParam("limit", 1).queryParam("cursor", cursor).when().get("/v1/registry/audit").then()
                .statusCode(200).body("items[0].kind", equalTo("entity_replaced"));

        given().when().get(ENTITY + "/audit", name + "-never").then().statusCode(404)
                .contentType("application/problem+json");
        given().queryParam("limit", 0).when().get("/v1/registry/audit").then().statusCode(400)
                .body("errors.field", contains("limit"));
        given().queryParam("cursor", "nope").when().get(ENTITY + "/audit", "DeepSeek").then().statusCode(400)
                .body("errors.field", contains("cursor"));
    }
}
