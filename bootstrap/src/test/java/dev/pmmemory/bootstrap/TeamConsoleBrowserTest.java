package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.net.URL;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The console's team page in real headless Chromium: members, a proposal made by consensus with its
 * authors, confirmed on the page; a team decision with its author. The result is read back through the
 * API. Screenshot: target/console-team.png.
 */
@QuarkusTest
class TeamConsoleBrowserTest {
    private static Browser browser;

    @TestHTTPResource("/console/")
    URL console;

    @BeforeEach
    void startBrowser() {
        if (browser == null) {
            browser = Browser.start();
        }
    }

    @AfterAll
    static void stopBrowser() {
        if (browser != null) {
            browser.close();
        }
    }

    @Test
    void aTeamPageShowsMembersProposalsAndDecisionsWithTheirAuthors() {
        String team = newProfile("desk");
        String zhang = newProfile("pm-zhang");
        String li = newProfile("pm-li");
        given().when().put("/v1/teams/{t}/members/{p}", team, zhang).then().statusCode(200);
        given().when().put("/v1/teams/{t}/members/{p}", team, li).then().statusCode(200);
        feedback(zhang, "OpenAI 估值高").statusCode(201);
        feedback(li, "OpenAI 估值高").statusCode(201);
        String decision = given().contentType(ContentType.JSON)
                .body(Map.of("author", li, "message", "Anthropic 可以推进"))
                .when().post("/v1/teams/{t}/feedback", team).then().statusCode(201).extract().path("memory.id");
        String proposal = given().queryParam("status", "pending").when().get("/v1/teams/{t}/memories", team)
                .then().extract().path("items[0].id");

        browser.step("team", () -> {
            browser.driver.get(console + "#/teams/" + team);
            browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.tagName("h1"), team));
            browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#team-members li"), 2));
            WebElement pending = browser.wait.until(ExpectedConditions.visibilityOfElementLocated(
                    By.cssSelector("#team-proposals li[data-memory-id='" + proposal + "']")));
            assertThat(pending.findElement(By.cssSelector(".authors")).getText()).contains(zhang).contains(li);
            WebElement decided = browser.wait.until(ExpectedConditions.visibilityOfElementLocated(
                    By.cssSelector("#team-decisions li[data-memory-id='" + decision + "']")));
            assertThat(decided.findElement(By.cssSelector(".authors")).getText()).isEqualTo("Authors: " + li);
        });

        browser.step("confirm", () -> {
            browser.driver.findElement(By.cssSelector("#team-proposals li[data-memory-id='" + proposal
                    + "'] button.confirm")).click();
            browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("notice"), "Confirmed"));
            browser.wait.until(ExpectedConditions.visibilityOfElementLocated(
                    By.cssSelector("#team-decisions li[data-memory-id='" + proposal + "']")));
            browser.screenshot("console-team");
        });

        given().queryParam("status", "active").when().get("/v1/teams/{t}/memories", team).then()
                .body("items", hasSize(2));
        given().queryParam("status", "pending").when().get("/v1/teams/{t}/memories", team).then()
                .body("items", hasSize(0)).body("team_id", equalTo(team));
    }
}
