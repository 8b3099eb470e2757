package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Over REST, a key set on a SQLite file written without one: the old memory is served and found by its entity
 * at once, the reencrypt job seals it, and afterwards neither the file nor its WAL holds its text.
 */
@QuarkusTest
@TestProfile(PlainDataSqliteProfile.class)
class EncryptionOverPlainDataTest {

    @Test
    void plainRowsAreServedUntilTheJobSealsThemThenTheFileHoldsNoneOfTheirText() throws Exception {
        String p = PlainDataSqliteProfile.PROFILE;
        String id = PlainDataSqliteProfile.MEMORY;
        Api.memory(p, id).statusCode(200).body("content", equalTo(PlainDataSqliteProfile.CONTENT));
        Api.memories(p, Map.of("entity", "Quixotrel")).statusCode(200).body("items.id", hasItem(id));
        given().when().get("/v1/admin/jobs/reencrypt").then().statusCode(200).body("rows_by_key", hasKey("plain"));

        // the raw message at least: the start's one-off re-index of a file new to this lexicon may have rewritten
        // (and so sealed) the memory already
        given().when().post("/v1/admin/jobs/reencrypt:run").then().statusCode(200)
                .body("changed", greaterThanOrEqualTo(1));

        given().when().get("/v1/admin/jobs/reencrypt").then().statusCode(200)
                .body("rows_by_key", not(hasKey("plain"))).body("rows_left", equalTo(0));
        Api.memory(p, id).statusCode(200).body("content", equalTo(PlainDataSqliteProfile.CONTENT));
        Api.memories(p, Map.of("entity", "Quixotrel")).statusCode(200).body("items.id", hasItem(id));
        StringBuilder stored = new StringBuilder();
        for (String suffix : new String[] {"", "-wal"}) {
            Path part = Path.of(PlainDataSqliteProfile.file() + suffix);
            if (Files.exists(part)) {
                stored.append(new String(Files.readAllBytes(part), StandardCharsets.UTF_8));
            }
        }
        assertThat(stored.toString()).contains("enc1:").doesNotContain("Quixotrel").doesNotContain("quixotrel")
                .doesNotContain("估值偏高");
    }
}
