package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/** rules.md §7: a secret a PM pastes is never stored, never logged and never comes back. */
@QuarkusTest
class SecretsNeverStoredTest {
    /** Obviously fake values of each kind; each valid for its check (Luhn, ID checksum). */
    private static final Map<String, String> SECRETS = Map.of(
            "OpenAI 估值高，测试账号密码是 Zx9!hunter2pass", "Zx9!hunter2pass",
            "Anthropic 可以推进，key 给你 sk-proj-AbCdEfGhIjKlMnOpQrStUv123456", "sk-proj-AbCdEfGhIjKlMnOpQrStUv123456",
            "以后不要再发 AKIAIOSFODNN7EXAMPLE 这种东西", "AKIAIOSFODNN7EXAMPLE",
            "智谱公司不错，打款卡号 4111 1111 1111 1111", "4111 1111 1111 1111",
            "本周在路上，身份证 11010519491231002X 帮我订票", "11010519491231002X",
            "Mistral AI 约一下，电话 138-0013-8000", "138-0013-8000");

    @ConfigProperty(name = "memory.sqlite.path")
    String databaseFile;

    @Test
    void noSecretReachesAResponseTheDatabaseFileOrTheLog() throws IOException {
        String p = Api.newProfile("secrets");
        List<String> responses = new ArrayList<>();
        for (Map.Entry<String, String> e : SECRETS.entrySet()) {
            String r = given().contentType(ContentType.JSON).body(Map.of("message", e.getKey()))
                    .when().post("/v1/profiles/{p}/feedback", p)
                    .then().statusCode(201)
                    .body("redactions.size()", org.hamcrest.Matchers.greaterThanOrEqualTo(1))
                    .extract().asString();
            responses.add(r);
        }
        responses.add(Api.context(p, Map.of("query", "OpenAI Anthropic 智谱", "limit", 50)).statusCode(200)
                .extract().asString());
        List<String> ids = Api.memories(p, Map.of("limit", 50)).statusCode(200).extract().path("items.id");
        responses.add(Api.memories(p, Map.of("limit", 50)).extract().asString());
        for (String id : ids) {
            responses.add(Api.memory(p, id).statusCode(200).extract().asString());
        }
        assertThat(ids).hasSize(SECRETS.size());

        String log = Files.readString(Path.of("target/quarkus-test.log"), StandardCharsets.UTF_8);
        byte[] database = databaseBytes();
        for (String secret : SECRETS.values()) {
            for (String r : responses) {
                assertThat(r).doesNotContain(secret);
            }
            assertThat(log).doesNotContain(secret);
            assertThat(indexOf(database, secret.getBytes(StandardCharsets.UTF_8)))
                    .as("bytes of %s in the SQLite files", secret).isEqualTo(-1);
        }
        assertThat(String.join("\n", responses)).contains("[REDACTED:password]", "[REDACTED:api_key]",
                "[REDACTED:bank_card]", "[REDACTED:resident_id]", "[REDACTED:mobile_number]");
    }

    /** Structured facts (issue 10 part 4): a secret in a fact's value, a key or a number is redacted too. */
    @Test
    void noSecretInAFactValueReachesAResponseOrTheDatabaseFile() throws IOException {
        String p = Api.newProfile("secrets-facts");
        List<String> responses = new ArrayList<>();
        int n = 0;
        for (String message : SECRETS.keySet()) {
            responses.add(given().contentType(ContentType.JSON)
                    .body(Map.of("value", Map.of("note", message, "list", List.of(message))))
                    .when().put("/v1/profiles/{p}/facts/{a}", p, "fact_" + n++)
                    .then().statusCode(201).body("redactions.size()", org.hamcrest.Matchers.greaterThanOrEqualTo(1))
                    .extract().asString());
        }
        // a card number given as a JSON number, not a string
        responses.add(given().contentType(ContentType.JSON).body("{\"value\": {\"card\": 4111111111111111}}")
                .when().put("/v1/profiles/{p}/facts/card", p)
                .then().statusCode(201).body("fact.value.card", org.hamcrest.Matchers.equalTo("[REDACTED:bank_card]"))
                .extract().asString());
        responses.add(given().when().get("/v1/profiles/{p}/facts", p).then().statusCode(200).extract().asString());
        responses.add(given().when().get("/v1/profiles/{p}/audit", p).then().statusCode(200).extract().asString());
        responses.add(Api.context(p, Map.of("query", "OpenAI")).statusCode(200).extract().asString());

        byte[] database = databaseBytes();
        for (String secret : SECRETS.values()) {
            for (String r : responses) {
                assertThat(r).doesNotContain(secret);
            }
            assertThat(indexOf(database, secret.getBytes(StandardCharsets.UTF_8)))
                    .as("bytes of %s in the SQLite files", secret).isEqualTo(-1);
        }
        assertThat(indexOf(database, "4111111111111111".getBytes(StandardCharsets.UTF_8))).isEqualTo(-1);
    }

    /** The database file and its write-ahead log, where fresh writes live before a checkpoint. */
    private byte[] databaseBytes() throws IOException {
        java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
        for (String suffix : new String[] {"", "-wal"}) {
            Path f = Path.of(databaseFile + suffix);
            if (Files.exists(f)) {
                all.write(Files.readAllBytes(f));
            }
        }
        assertThat(all.size()).isPositive();
        return all.toByteArray();
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
