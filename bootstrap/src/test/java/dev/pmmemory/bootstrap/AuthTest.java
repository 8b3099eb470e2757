package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** api.md "Auth", with keys configured: 401 without a known key, 403 outside its scope or profiles. */
@QuarkusTest
@TestProfile(WithApiKeys.class)
class AuthTest {

    private static RequestSpecification as(String secret) {
        return given().header("Authorization", "Bearer " + secret);
    }

    private static String body(String message) {
        return "{\"message\": \"" + message + "\"}";
    }

    @Test
    void missingKeyIsUnauthorized() {
        given().contentType(ContentType.JSON).body(body("OpenAI 估值高"))
                .when().post("/v1/profiles/team-a-1/feedback")
                .then().statusCode(401)
                .contentType("application/problem+json")
                .header("WWW-Authenticate", "Bearer")
                .body("status", equalTo(401));
        given().when().get("/v1/profiles/team-a-1/context").then().statusCode(401);
    }

    @Test
    void unknownKeyIsUnauthorized() {
        as("not-a-key").when().get("/v1/profiles/team-a-1/memories").then().statusCode(401)
                .contentType("application/problem+json");
        given().header("Authorization", "Basic " + WithApiKeys.BOT)
                .when().get("/v1/profiles/team-a-1/memories").then().statusCode(401);
    }

    @Test
    void aKeyWorksWithinItsScopeAndProfiles() {
        as(WithApiKeys.BOT).contentType(ContentType.JSON).body(body("OpenAI 估值高"))
                .when().post("/v1/profiles/team-a-1/feedback").then().statusCode(201);
        as(WithApiKeys.BOT).when().get("/v1/profiles/team-a-1/context?query=OpenAI").then().statusCode(200)
                .body("items[0].content", equalTo("OpenAI 估值高"));
        as(WithApiKeys.READER).when().get("/v1/profiles/team-a-1/memories").then().statusCode(200);
        as(WithApiKeys.ADMIN).contentType(ContentType.JSON).body(body("Anthropic 可以推进"))
                .when().post("/v1/profiles/team-b-admin/feedback").then().statusCode(201);
    }

    @Test
    void aKeyScopedToTeamACannotTouchTeamB() {
        as(WithApiKeys.ADMIN).contentType(ContentType.JSON).body(body("智谱公司估值高"))
                .when().post("/v1/profiles/team-b-x/feedback").then().statusCode(201);

        as(WithApiKeys.BOT).when().get("/v1/profiles/team-b-x/context?query=智谱").then().statusCode(403)
                .contentType("application/problem+json");
        as(WithApiKeys.BOT).when().get("/v1/profiles/team-b-x/memories").then().statusCode(403);
        as(WithApiKeys.BOT).contentType(ContentType.JSON).body(body("OpenAI 估值高"))
                .when().post("/v1/profiles/team-b-x/feedback").then().statusCode(403);
        as(WithApiKeys.READER).when().get("/v1/profiles/team-b-x/memories").then().statusCode(200)
                .body("items.size()", equalTo(1));
    }

    /** Export, erase and import act on a whole profile: admin scope (api.md "Profile data rights"). */
    @Test
    void dataRightsNeedTheAdminScopeAndRecordTheAdminsName() {
        as(WithApiKeys.BOT).contentType(ContentType.JSON).body(body("OpenAI 估值高"))
                .when().post("/v1/profiles/team-a-rights/feedback").then().statusCode(201);

        as(WithApiKeys.BOT).when().get("/v1/profiles/team-a-rights/export").then().statusCode(403)
                .contentType("application/problem+json");
        as(WithApiKeys.READER).when().get("/v1/profiles/team-a-rights/export").then().statusCode(403);
        as(WithApiKeys.BOT).when().delete("/v1/profiles/team-a-rights").then().statusCode(403);
        as(WithApiKeys.BOT).contentType(ContentType.JSON).body("{}")
                .when().post("/v1/profiles/team-a-rights/import").then().statusCode(403);
        given().when().delete("/v1/profiles/team-a-rights").then().statusCode(401);

        String document = as(WithApiKeys.ADMIN).when().get("/v1/profiles/team-a-rights/export").then()
                .statusCode(200).extract().asString();
        as(WithApiKeys.ADMIN).when().delete("/v1/profiles/team-a-rights").then().statusCode(200);
        as(WithApiKeys.ADMIN).when().get("/v1/profiles/team-a-rights/export").then().statusCode(200)
                .body("audit_events[-1].kind", equalTo("profile_erased"))
                .body("audit_events[-1].actor", equalTo("ops"));
        as(WithApiKeys.ADMIN).contentType(ContentType.JSON).body(document)
                .when().post("/v1/profiles/team-a-rights/import").then().statusCode(200);
        as(WithApiKeys.BOT).when().get("/v1/profiles/team-a-rights/context?query=OpenAI").then().statusCode(200)
                .body("items[0].content", equalTo("OpenAI 估值高"));
    }

    @Test
    void aReadKeyCannotWrite() {
        as(WithApiKeys.READER).contentType(ContentType.JSON).body(body("OpenAI 估值高"))
                .when().post("/v1/profiles/team-a-2/feedback").then().statusCode(403)
                .body("detail", org.hamcrest.Matchers.containsString("needs write"));
        as(WithApiKeys.ADMIN).when().get("/v1/profiles/team-a-2/memories").then().statusCode(200)
                .body("items.size()", equalTo(0));
    }

    @Test
    void healthMetricsAndOpenApiNeedNoKey() {
        given().when().get("/q/health/ready").then().statusCode(200);
        given().when().get("/q/health/live").then().statusCode(200);
        given().when().get("/q/metrics").then().statusCode(200);
        given().when().get("/q/openapi").then().statusCode(200);
    }

    @Test
    void keysNeverAppearInResponsesOrLogs() throws Exception {
        String response = as(WithApiKeys.BOT).contentType(ContentType.JSON).body(body("Mistral AI 估值高"))
                .when().post("/v1/profiles/team-a-3/feedback").then().statusCode(201).extract().asString();
        String denied = as(WithApiKeys.BOT).when().get("/v1/profiles/team-b-3/memories").then().statusCode(403)
                .extract().asString();
        String unknown = as("wrong-" + WithApiKeys.BOT).when().get("/v1/profiles/team-a-3/memories").then()
                .statusCode(401).extract().asString();
        for (String r : new String[] {response, denied, unknown}) {
            assertThat(r).doesNotContain(WithApiKeys.BOT).doesNotContain(WithApiKeys.READER);
        }
        String log = Files.readString(Path.of("target/quarkus-test.log"), StandardCharsets.UTF_8);
        assertThat(log).contains("key=bot").doesNotContain(WithApiKeys.BOT)
                .doesNotContain(WithApiKeys.READER).doesNotContain(WithApiKeys.ADMIN);
        assertThat(log).as("message text is not logged at INFO").doesNotContain("Mistral AI 估值高");
    }

    @Test
    void theKeyCommandPrintsASecretAndAnEntryHoldingOnlyItsHash() {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int rc = PmMemoryMain.newKey(new String[] {"new-key", "bot2", "write", "team-a-*"},
                new java.io.PrintStream(out, true, StandardCharsets.UTF_8),
                new java.io.PrintStream(err, true, StandardCharsets.UTF_8), new java.security.SecureRandom());
        String printed = out.toString(StandardCharsets.UTF_8);
        assertThat(rc).isZero();
        String secret = printed.lines().filter(l -> l.startsWith("secret")).findFirst().orElseThrow()
                .replaceAll(".*: ", "");
        String entry = printed.lines().filter(l -> l.startsWith("memory.auth.keys")).findFirst().orElseThrow()
                .replaceAll(".*: +", "");
        assertThat(entry).startsWith("bot2:write:team-a-*:").doesNotContain(secret);
        assertThat(dev.pmmemory.application.access.ApiKeys.parse(entry).authenticate(secret))
                .map(dev.pmmemory.application.access.ApiKey::name).contains("bot2");

        int bad = PmMemoryMain.newKey(new String[] {"new-key", "bot2", "root", "*"},
                new java.io.PrintStream(out), new java.io.PrintStream(err, true, StandardCharsets.UTF_8),
                new java.security.SecureRandom());
        assertThat(bad).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("scope");
    }

    @Test
    void withoutKeysTheServiceRefusesToListenBeyondLoopback() {
        SecurityWiring wiring = new SecurityWiring();
        dev.pmmemory.application.access.ApiKeys none = dev.pmmemory.application.access.ApiKeys.parse("");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> wiring.checkBinding(null, none, "0.0.0.0"))
                .hasMessageContaining("refusing to listen on 0.0.0.0 without API keys");
        wiring.checkBinding(null, none, "127.0.0.1");
        wiring.checkBinding(null, none, "localhost");
        assertThat(SecurityWiring.isLoopback("::1")).isTrue();
    }

    @Test
    void rateLimitIsOffByDefault() {
        for (int i = 0; i < 30; i++) {
            as(WithApiKeys.READER).when().get("/v1/profiles/team-a-9/memories").then().statusCode(200);
        }
    }

    @Test
    void requestIdIsEchoed() {
        as(WithApiKeys.READER).header("X-Request-Id", "req-123").when().get("/v1/profiles/team-a-9/memories")
                .then().statusCode(200).header("X-Request-Id", "req-123");
        String generated = as(WithApiKeys.READER).when().get("/v1/profiles/team-a-9/memories")
                .then().statusCode(200).extract().header("X-Request-Id");
        assertThat(generated).isNotBlank();
    }


    /** Lifecycle jobs touch every profile: only an admin key runs them. */
    @Test
    void onlyAnAdminKeyRunsAJob() {
        as(WithApiKeys.BOT).when().post("/v1/admin/jobs/sweep:run").then().statusCode(403)
                .contentType("application/problem+json");
        as(WithApiKeys.READER).when().post("/v1/admin/jobs/sweep:run").then().statusCode(403);
        given().when().post("/v1/admin/jobs/sweep:run").then().statusCode(401);
        as(WithApiKeys.ADMIN).when().post("/v1/admin/jobs/sweep:run").then().statusCode(200)
                .body("job", equalTo("sweep"));
    }

    /** The entity registry is deployment-wide: any key reads it, only an admin key changes it. */
    @Test
    void onlyAnAdminKeyEditsTheEntityRegistry() {
        String body = "{\"aliases\": [\"Yunshenchu Robotics\"]}";
        as(WithApiKeys.BOT).contentType(ContentType.JSON).body(body).when().put("/v1/entities/云深处").then()
                .statusCode(403).contentType("application/problem+json");
        as(WithApiKeys.READER).contentType(ContentType.JSON).body(body).when().put("/v1/entities/云深处").then()
                .statusCode(403);
        as(WithApiKeys.READER).when().delete("/v1/entities/DeepSeek").then().statusCode(403);
        as(WithApiKeys.READER).when().get("/v1/entities/云深处").then().statusCode(404);
        as(WithApiKeys.BOT).when().get("/v1/entities/DeepSeek").then().statusCode(200).body("name", equalTo("深度求索"));
        as(WithApiKeys.ADMIN).contentType(ContentType.JSON).body(body).when().put("/v1/entities/云深处").then()
                .statusCode(201);
        as(WithApiKeys.ADMIN).when().delete("/v1/entities/云深处").then().statusCode(204);
    }

    @Test
    void recordingAnExperienceNeedsWriteAndListingThemRead() {
        String experience = "{\"task\": \"推荐 OpenAI\", \"outcome\": \"PM 拒绝\", \"lesson\": \"先给对比估值\"}";
        as(WithApiKeys.READER).contentType(ContentType.JSON).body(experience)
                .when().post("/v1/profiles/team-a-3/experiences").then().statusCode(403);
        as(WithApiKeys.BOT).contentType(ContentType.JSON).body(experience)
                .when().post("/v1/profiles/team-a-3/experiences").then().statusCode(201);
        as(WithApiKeys.READER).when().get("/v1/profiles/team-a-3/experiences").then().statusCode(200)
                .body("items.size()", equalTo(1));
        given().when().get("/v1/profiles/team-a-3/experiences").then().statusCode(401);
    }

    @Test
    void aChangeIsAuditedUnderTheKeysNameAndTheAgentItNames_andNeedsTheWriteScope() {
        String id = as(WithApiKeys.BOT).contentType(ContentType.JSON).body(body("Cohere 估值高"))
                .when().post("/v1/profiles/team-a-audit/feedback").then().statusCode(201).extract().path("memory.id");

        as(WithApiKeys.READER).when().delete("/v1/profiles/team-a-audit/memories/" + id).then().statusCode(403);
        as(WithApiKeys.BOT).header("x-agent-id", "nightly-review 2.1").when()
                .delete("/v1/profiles/team-a-audit/memories/" + id).then().statusCode(200);

        as(WithApiKeys.READER).when().get("/v1/profiles/team-a-audit/audit?memory_id=" + id).then().statusCode(200)
                .body("items[0].kind", equalTo("memory_deleted"))
                .body("items[0].actor", equalTo("bot"))
                .body("items[0].agent", equalTo("nightly-review 2.1"))
                .body("items[1].kind", equalTo("memory_created"))
                .body("items[1].actor", equalTo("bot"))
                .body("items[1].agent", org.hamcrest.Matchers.nullValue());
    }

    @Test
    void settingAFactNeedsWriteOnItsProfile_readingItRead_andTheChangeIsRecordedUnderTheKeysName() {
        String fact = "{\"value\": \"early\"}";
        as(WithApiKeys.READER).contentType(ContentType.JSON).body(fact)
                .when().put("/v1/profiles/team-a-facts/facts/focus_stage").then().statusCode(403);
        as(WithApiKeys.BOT).contentType(ContentType.JSON).body(fact)
                .when().put("/v1/profiles/team-b-facts/facts/focus_stage").then().statusCode(403);
        as(WithApiKeys.BOT).contentType(ContentType.JSON).body(fact)
                .when().put("/v1/profiles/team-a-facts/facts/focus_stage").then().statusCode(201)
                .body("fact.recorded_by", equalTo("bot"));
        as(WithApiKeys.READER).when().delete("/v1/profiles/team-a-facts/facts/focus_stage").then().statusCode(403);
        as(WithApiKeys.READER).when().get("/v1/profiles/team-a-facts/facts/focus_stage").then().statusCode(200)
                .body("value", equalTo("early"));
        given().when().get("/v1/profiles/team-a-facts/facts").then().statusCode(401);
        as(WithApiKeys.BOT).when().delete("/v1/profiles/team-a-facts/facts/focus_stage").then().statusCode(200);
        as(WithApiKeys.READER).when().get("/v1/profiles/team-a-facts/audit").then().statusCode(200)
                .body("items[0].kind", equalTo("fact_closed"))
                .body("items[0].actor", equalTo("bot"));
    }
}
