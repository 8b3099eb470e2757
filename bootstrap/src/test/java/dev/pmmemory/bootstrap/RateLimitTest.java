package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(WithRateLimit.class)
class RateLimitTest {

    @Test
    void aKeyOverItsRateGets429WithRetryAfter() {
        int limited = 0;
        String retryAfter = null;
        for (int i = 0; i < 5; i++) {
            var r = given().header("Authorization", "Bearer " + WithRateLimit.LIMITED)
                    .when().get("/v1/profiles/p-1/memories").then().extract();
            if (r.statusCode() == 429) {
                limited++;
                retryAfter = r.header("Retry-After");
                assertThat(r.contentType()).startsWith("application/problem+json");
            } else {
                assertThat(r.statusCode()).isEqualTo(200);
            }
        }
        assertThat(limited).as("five calls in well under a second, one allowed a second").isGreaterThanOrEqualTo(3);
        assertThat(retryAfter).isNotNull();
        assertThat(Long.parseLong(retryAfter)).isPositive();
    }

    @Test
    void theSameBucketGuardsMcp() {
        int limited = 0;
        for (int i = 0; i < 5; i++) {
            var r = given().header("Authorization", "Bearer " + WithRateLimit.LIMITED)
                    .contentType("application/json").accept("application/json, text/event-stream")
                    .body("{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"ping\"}")
                    .when().post("/mcp").then().extract();
            if (r.statusCode() == 429) {
                limited++;
                assertThat(r.header("Retry-After")).isNotNull();
                assertThat(r.contentType()).startsWith("application/problem+json");
            }
        }
        assertThat(limited).as("five calls in well under a second, one allowed a second").isGreaterThanOrEqualTo(3);
    }
}
