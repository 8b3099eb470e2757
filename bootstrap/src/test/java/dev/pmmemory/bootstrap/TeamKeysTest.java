package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

/**
 * A key scoped to a team (docs/api-keys.md): it reaches the team's memories and its members' profiles,
 * nothing else; membership stays an admin's.
 */
@QuarkusTest
@TestProfile(WithTeamKeys.class)
class TeamKeysTest {
    private static final String TEAM = WithTeamKeys.TEAM;

    private static RequestSpecification as(String secret) {
        return given().header("Authorization", "Bearer " + secret);
    }

    @Test
    void aTeamKeyReachesItsTeamAndItsMembersOnly() {
        String member = Api.newProfile("pm-member");
        String outsider = Api.newProfile("pm-outsider");
        as(WithTeamKeys.ADMIN).when().put("/v1/teams/{t}/members/{p}", TEAM, member).then().statusCode(200);
        as(WithTeamKeys.ADMIN).when().put("/v1/teams/{t}/members/{p}", "desk-2", outsider).then().statusCode(200);

        as(WithTeamKeys.DESK).when().get("/v1/teams/{t}", TEAM).then().statusCode(200);
        as(WithTeamKeys.DESK).contentType(ContentType.JSON)
                .body("{\"author\": \"" + member + "\", \"message\": \"Anthropic 可以推进\"}")
                .when().post("/v1/teams/{t}/feedback", TEAM).then().statusCode(201);
        as(WithTeamKeys.DESK).when().get("/v1/teams/{t}/memories", TEAM).then().statusCode(200);
        as(WithTeamKeys.DESK).contentType(ContentType.JSON).body("{\"message\": \"OpenAI 估值高\"}")
                .when().post("/v1/profiles/{p}/feedback", member).then().statusCode(201);
        as(WithTeamKeys.DESK).when().get("/v1/profiles/{p}/context", member).then().statusCode(200);

        as(WithTeamKeys.DESK).when().get("/v1/teams/{t}", "desk-2").then().statusCode(403)
                .body("status", equalTo(403));
        as(WithTeamKeys.DESK).when().get("/v1/teams/{t}/memories", "desk-2").then().statusCode(403);
        // the team's audit trail: its own team's, not another's
        as(WithTeamKeys.DESK).when().get("/v1/teams/{t}/audit", TEAM).then().statusCode(200);
        as(WithTeamKeys.DESK).when().get("/v1/teams/{t}/audit", "desk-2").then().statusCode(403);
        as(WithTeamKeys.ADMIN).when().get("/v1/teams/{t}/audit", "desk-2").then().statusCode(200);
        as(WithTeamKeys.DESK).when().get("/v1/profiles/{p}/context", outsider).then().statusCode(403);
        as(WithTeamKeys.DESK).contentType(ContentType.JSON).body("{\"message\": \"OpenAI 估值高\"}")
                .when().post("/v1/profiles/{p}/feedback", outsider).then().statusCode(403);
        // membership is an admin's: a team writer neither adds nor removes members
        as(WithTeamKeys.DESK).when().put("/v1/teams/{t}/members/{p}", TEAM, outsider).then().statusCode(403);
        as(WithTeamKeys.DESK).when().delete("/v1/teams/{t}/members/{p}", TEAM, member).then().statusCode(403);
        // a profile that leaves the team leaves the key's reach
        as(WithTeamKeys.ADMIN).when().delete("/v1/teams/{t}/members/{p}", TEAM, member).then().statusCode(200);
        as(WithTeamKeys.DESK).when().get("/v1/profiles/{p}/context", member).then().statusCode(403);
    }
}
