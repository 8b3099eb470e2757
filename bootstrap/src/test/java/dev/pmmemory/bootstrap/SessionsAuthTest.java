package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Sessions with keys configured (docs/features.md "Sessions"): write scope to add, read to list; a key limited
 * to some profiles writes only turns naming a profile it covers and reads only such turns.
 */
@QuarkusTest
@TestProfile(WithApiKeys.class)
class SessionsAuthTest {

    private static ValidatableResponse add(String secret, String sid, String body) {
        return given().header("Authorization", "Bearer " + secret).contentType(ContentType.JSON).body(body)
                .when().post("/v1/sessions/{sid}/turns", sid).then();
    }

    private static ValidatableResponse read(String secret, String sid) {
        return given().header("Authorization", "Bearer " + secret).when().get("/v1/sessions/{sid}/turns", sid).then();
    }

    private static String turn(String content, String profile) {
        return "{\"role\": \"user\", \"content\": \"" + content + "\""
                + (profile == null ? "" : ", \"profile_id\": \"" + profile + "\"") + "}";
    }

    @Test
    void withoutAKeySessionsAreUnauthorized() {
        String sid = "s-" + UUID.randomUUID();
        given().contentType(ContentType.JSON).body(turn("hi", null)).when().post("/v1/sessions/{sid}/turns", sid)
                .then().statusCode(401).contentType("application/problem+json");
        given().when().get("/v1/sessions/{sid}/turns", sid).then().statusCode(401);
    }

    @Test
    void aReadKeyReadsButCannotWrite() {
        String sid = "s-" + UUID.randomUUID();
        add(WithApiKeys.READER, sid, turn("hi", null)).statusCode(403);
        read(WithApiKeys.READER, sid).statusCode(200);
    }

    @Test
    void aKeyLimitedToSomeProfilesWritesOnlyTurnsNamingOneOfThem() {
        String sid = "s-" + UUID.randomUUID();
        add(WithApiKeys.BOT, sid, turn("mine", "team-a-1")).statusCode(201);
        add(WithApiKeys.BOT, sid, turn("not mine", "team-b-1")).statusCode(403)
                .contentType("application/problem+json").body("detail", containsString("profile_id"));
        add(WithApiKeys.BOT, sid, turn("nobody's", null)).statusCode(403);
        read(WithApiKeys.ADMIN, sid).statusCode(200).body("turns.content", equalTo(List.of("mine")));
    }

    @Test
    void aKeyLimitedToSomeProfilesSeesOnlyTheirTurns() {
        String sid = "s-" + UUID.randomUUID();
        add(WithApiKeys.ADMIN, sid, turn("for a", "team-a-1")).statusCode(201);
        add(WithApiKeys.ADMIN, sid, turn("for b", "team-b-1")).statusCode(201);
        add(WithApiKeys.ADMIN, sid, turn("for nobody", null)).statusCode(201);

        read(WithApiKeys.BOT, sid).statusCode(200).body("turns.content", equalTo(List.of("for a")));
        read(WithApiKeys.READER, sid).statusCode(200)
                .body("turns.content", equalTo(List.of("for a", "for b", "for nobody")));
    }
}
