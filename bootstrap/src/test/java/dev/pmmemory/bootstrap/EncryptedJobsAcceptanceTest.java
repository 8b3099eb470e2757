package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.feedback;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.hasKey;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

/**
 * {@link JobsAcceptanceTest}, every case, with encryption at rest on (SQLite); and the re-encryption job's
 * endpoints: with one key, everything is already under it and the job finds nothing to do.
 */
@QuarkusTest
@TestProfile(EncryptedProfile.class)
class EncryptedJobsAcceptanceTest extends JobsAcceptanceTest {

    @Test
    void reencryptReportsRowsPerKeyAndHasNothingToDoWithOneKey() {
        String p = Api.newProfile("reencrypt");
        feedback(p, "OpenAI 估值高").statusCode(201);

        String primary = given().when().get("/v1/admin/jobs/reencrypt").then().statusCode(200)
                .body("primary_key", matchesPattern("k[0-9a-f]{8}"))
                .body("rows_left", equalTo(0))
                .body("rows_by_key", not(hasKey("plain")))
                .extract().path("primary_key");
        given().when().get("/v1/admin/jobs/reencrypt").then()
                .body("rows_by_key." + primary, greaterThanOrEqualTo(3)); // the memory, its message, its audit
        given().when().post("/v1/admin/jobs/reencrypt:run").then().statusCode(200)
                .body("job", equalTo("reencrypt")).body("changed", equalTo(0));
    }
}
