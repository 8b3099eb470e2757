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
}
