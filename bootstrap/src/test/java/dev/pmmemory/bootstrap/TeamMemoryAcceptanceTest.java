package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.context;
import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.memories;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Team memory over REST (docs/features.md "Team memory"): membership, promotion by consensus and its
 * confirm, an alias counting as its entity, a team decision and its reversal, a member's context, isolation
 * between members, and the erase of a member.
 */
@QuarkusTest
class TeamMemoryAcceptanceTest {
    private static final String TEAM = "/v1/teams/{t}";

    private static String newTeam() {
        return newProfile("desk");
    }

    private static ValidatableResponse join(String team, String profile) {
        return given().when().put(TEAM + "/members/{p}", team, profile).then();
    }

    private static ValidatableResponse teamFeedback(String team, Map<String, ?> body) {
        return given().contentType(ContentType.JSON).body(new HashMap<>(body))
                .when().post(TEAM + "/feedback", team).then();
    }

    private static ValidatableResponse teamMemories(String team, Map<String, ?> params) {
        return given().queryParams(new HashMap<>(params)).when().get(TEAM + "/memories", team).then();
    }

    private static String[] teamOf(String... prefixes) {
        String team = newTeam();
        String[] members = new String[prefixes.length + 1];
        members[0] = team;
        for (int i = 0; i < prefixes.length; i++) {
            members[i + 1] = newProfile(prefixes[i]);
            join(team, members[i + 1]).statusCode(200);
        }
        return members;
    }

    @Test
    void membersAreAddedOnceAndRemoved() {
        String team = newTeam();
        given().when().get(TEAM, team).then().statusCode(404).contentType("application/problem+json");
        String a = newProfile("pm-a");
        String b = newProfile("pm-b");
        join(team, a).statusCode(200).body("team_id", equalTo(team)).body("members", contains(a));
        join(team, a).statusCode(200).body("members", contains(a));
        join(team, b).statusCode(200).body("members", containsInAnyOrder(a, b));
        given().when().get(TEAM, team).then().statusCode(200).body("members", hasSize(2))
                .body("active_memories", equalTo(0)).body("pending_memories", equalTo(0));
        given().when().delete(TEAM + "/members/{p}", team, a).then().statusCode(200).body("members", contains(b));
        given().when().delete(TEAM + "/members/{p}", team, a).then().statusCode(404);
        join("bad~team", a).statusCode(400).body("errors[0].field", equalTo("team_id"));
        join(team, "bad~profile").statusCode(400).body("errors[0].field", equalTo("profile_id"));
    }

    @Test
    void twoMembersHoldingOneViewProposeItAndAConfirmPutsItInEveryMembersContext() {
        String[] t = teamOf("pm-a", "pm-b", "pm-c");
        String team = t[0];
        String first = feedback(t[1], "OpenAI 估值高").statusCode(201).extract().path("memory.id");
        teamMemories(team, Map.of()).statusCode(200).body("items", hasSize(0));
        String second = feedback(t[2], "OpenAI 估值太高了").statusCode(201).extract().path("memory.id");

        String proposal = teamMemories(team, Map.of("status", "pending")).statusCode(200)
                .body("team_id", equalTo(team))
                .body("items", hasSize(1))
                .body("items[0].scope", equalTo("team"))
                .body("items[0].authors", containsInAnyOrder(t[1], t[2]))
                .body("items[0].status", equalTo("pending"))
                .extract().path("items[0].id");
        assertThat(proposal).isNotIn(first, second);
        given().when().get(TEAM, team).then().body("pending_memories", equalTo(1));
        // nothing reaches the third member's context before a person confirms it
        context(t[3], Map.of("query", "OpenAI")).statusCode(200).body("items", hasSize(0));

        given().when().post(TEAM + "/memories/{id}:confirm", team, proposal).then().statusCode(200)
                .body("memory.status", equalTo("active"));
        given().when().post(TEAM + "/memories/{id}:confirm", team, proposal).then().statusCode(409);

        context(t[3], Map.of("query", "OpenAI")).statusCode(200)
                .body("items", hasSize(1))
                .body("items[0].id", equalTo(proposal))
                .body("items[0].scope", equalTo("team"))
                .body("items[0].team_id", equalTo(team))
                .body("items[0].authors", containsInAnyOrder(t[1], t[2]))
                .body("prompt_block", startsWith("Team decisions (reliable, agreed by the team):\n- ["));
        // a member's own memory is shown beside the team's, never superseded by it nor superseding it
        context(t[1], Map.of("query", "OpenAI")).statusCode(200)
                .body("items.scope", containsInAnyOrder("team", "personal"))
                .body("items.find { it.scope == 'personal' }.id", equalTo(first));
    }

    @Test
    void anAliasCountsTowardConsensusAsItsEntity() {
        String[] t = teamOf("pm-a", "pm-b");
        String entity = "Zhipu" + t[0].substring(t[0].length() - 8);
        String alias = "智谱" + t[0].substring(t[0].length() - 8);
        given().contentType(ContentType.JSON).body(Map.of("aliases", List.of(alias), "kind", "company"))
                .when().put("/v1/entities/{name}", entity).then().statusCode(201);
        feedback(t[1], entity + " 估值高").statusCode(201);
        feedback(t[2], alias + " 估值高").statusCode(201);
        teamMemories(t[0], Map.of("status", "pending")).statusCode(200).body("items", hasSize(1))
                .body("items[0].entities", hasItem(entity))
                .body("items[0].authors", containsInAnyOrder(t[1], t[2]));
    }

    @Test
    void aRejectedProposalLeavesTheMembersMemories() {
        String[] t = teamOf("pm-a", "pm-b");
        feedback(t[1], "Mistral 估值高").statusCode(201);
        feedback(t[2], "Mistral 估值高").statusCode(201);
        String proposal = teamMemories(t[0], Map.of("status", "pending")).extract().path("items[0].id");
        given().when().post(TEAM + "/memories/{id}:reject", t[0], proposal).then().statusCode(200)
                .body("memory.status", equalTo("rejected"));
        memories(t[1], Map.of("status", "active")).body("items", hasSize(1));
        given().when().post(TEAM + "/memories/{id}:reject", t[0], "no-such-id").then().statusCode(404);
    }

    @Test
    void aTeamDecisionKeepsItsAuthorAndItsReversalSupersedesIt() {
        String[] t = teamOf("pm-a", "pm-b");
        String team = t[0];
        String advance = teamFeedback(team, Map.of("author", t[1], "message", "Anthropic 可以推进"))
                .statusCode(201).body("team_id", equalTo(team)).body("authors", contains(t[1]))
                .body("memory.profile_id", equalTo("~team:" + team))
                .extract().path("memory.id");
        teamFeedback(team, Map.of("author", t[2], "message", "Anthropic 商业化弱")).statusCode(201)
                .body("superseded", contains(advance)).body("authors", contains(t[2]));
        teamMemories(team, Map.of("status", "superseded")).body("items", hasSize(1))
                .body("items[0].id", equalTo(advance)).body("items[0].authors", contains(t[1]));
        // the members' own memories are untouched
        memories(t[1], Map.of()).body("items", hasSize(0));

        teamFeedback(team, Map.of("author", newProfile("outsider"), "message", "Anthropic 可以推进"))
                .statusCode(400).body("errors[0].field", equalTo("author"));
        teamFeedback(team, Map.of("message", "Anthropic 可以推进")).statusCode(400)
                .body("errors.field", hasItem("author"));
        teamFeedback(team, Map.of("author", t[1])).statusCode(400).body("errors.field", hasItem("message"));
    }

    @Test
    void noMemberSeesAnotherMembersOwnMemory() {
        String[] t = teamOf("pm-a", "pm-b");
        feedback(t[2], "Cohere 估值高").statusCode(201);
        context(t[1], Map.of("query", "Cohere")).statusCode(200).body("items", hasSize(0))
                .body("prompt_block", not(org.hamcrest.Matchers.containsString("Cohere")));
        memories(t[1], Map.of()).body("items", hasSize(0));
        given().when().get("/v1/profiles/{p}/audit", t[1]).then()
                .body(not(org.hamcrest.Matchers.containsString("Cohere")));
        given().when().get("/v1/profiles/{p}/export", t[1]).then()
                .body(not(org.hamcrest.Matchers.containsString("Cohere")));
        // a team's owner id is never a profile path
        given().when().get("/v1/profiles/{p}/memories", "~team:" + t[0]).then().statusCode(400)
                .body("errors[0].field", equalTo("profile_id"));
        given().when().get("/v1/profiles/{p}/context", "~team:" + t[0]).then().statusCode(400);
    }

    @Test
    void anErasedMemberLeavesItsTeamsAndItsWordsGo() {
        String[] t = teamOf("pm-a", "pm-b", "pm-c");
        String team = t[0];
        feedback(t[1], "OpenAI 估值太高了").statusCode(201);
        feedback(t[2], "OpenAI 估值高").statusCode(201);
        teamFeedback(team, Map.of("author", t[1], "message", "Anthropic 可以推进")).statusCode(201);

        given().when().delete("/v1/profiles/{p}", t[1]).then().statusCode(200);

        given().when().get(TEAM, team).then().body("members", containsInAnyOrder(t[2], t[3]));
        // the team's trail records the membership ended by the erase, with the erase's actor and no words
        given().when().get(TEAM + "/audit", team).then().statusCode(200)
                .body("items.findAll { it.kind == 'team_member_removed' }.detail", contains(t[1] + " left: profile erased"))
                .body("items.findAll { it.kind == 'team_member_removed' }.actor", contains("local"))
                .body(not(org.hamcrest.Matchers.containsString("太高了")));
        List<Map<String, Object>> left = teamMemories(team, Map.of()).statusCode(200).extract().path("items");
        assertThat(left).hasSize(1);
        // one member behind the proposal, fewer than the quorum of two: withdrawn, in that member's words
        assertThat(left.get(0)).containsEntry("content", "OpenAI 估值高")
                .containsEntry("authors", List.of(t[2])).containsEntry("status", "rejected");
        // its memory no longer counts: a new holder and the other one make a quorum again
        feedback(t[3], "OpenAI 估值高").statusCode(201);
        teamMemories(team, Map.of("status", "pending")).body("items", hasSize(1))
                .body("items[0].authors", contains(t[2], t[3]));
    }

    @Test
    void theTeamsAuditTrailListsMembershipProposalsAndTheirWithdrawal() {
        String[] t = teamOf("pm-a", "pm-b", "pm-c");
        String team = t[0];
        feedback(t[1], "Mistral 估值高").statusCode(201);
        feedback(t[2], "Mistral 估值太高了").statusCode(201);
        String proposal = teamMemories(team, Map.of("status", "pending")).extract().path("items[0].id");

        given().when().delete(TEAM + "/members/{p}", team, t[2]).then().statusCode(200);

        teamMemories(team, Map.of("status", "rejected")).body("items.id", contains(proposal))
                .body("items[0].authors", contains(t[1]));
        given().when().get(TEAM + "/audit", team).then().statusCode(200)
                .body("items.kind", contains("memory_withdrawn", "team_member_removed", "memory_pending",
                        "team_member_added", "team_member_added", "team_member_added"))
                .body("items[1].detail", equalTo(t[2] + " left"))
                .body("items[1].memory_id", org.hamcrest.Matchers.nullValue())
                // the team's trail holds no member's words: those stay in the member's own trail
                .body(not(org.hamcrest.Matchers.containsString("太高了")));
        given().when().get(TEAM + "/audit", team).then()
                .body("items.find { it.kind == 'memory_pending' }.detail", org.hamcrest.Matchers.containsString(t[1]));
        // one memory's events, paged
        given().queryParam("memory_id", proposal).when().get(TEAM + "/audit", team).then().statusCode(200)
                .body("items.kind", contains("memory_withdrawn", "memory_pending"));
        String cursor = given().queryParam("limit", 2).when().get(TEAM + "/audit", team).then().statusCode(200)
                .body("items", hasSize(2)).extract().path("next_cursor");
        given().queryParam("limit", 2).queryParam("cursor", cursor).when().get(TEAM + "/audit", team).then()
                .statusCode(200).body("items.kind", contains("memory_pending", "team_member_added"));
        // bad input names its field; an unknown team or memory is a 404
        given().queryParam("limit", 0).when().get(TEAM + "/audit", team).then().statusCode(400)
                .body("errors[0].field", equalTo("limit"));
        given().queryParam("cursor", "nope").when().get(TEAM + "/audit", team).then().statusCode(400)
                .body("errors[0].field", equalTo("cursor"));
        given().when().get(TEAM + "/audit", "bad~team").then().statusCode(400)
                .body("errors[0].field", equalTo("team_id"));
        given().when().get(TEAM + "/audit", newTeam()).then().statusCode(404)
                .contentType("application/problem+json");
        given().queryParam("memory_id", "no-such-memory").when().get(TEAM + "/audit", team).then().statusCode(404);
    }
}
