package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import java.net.URL;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * Issue 15, with API keys configured: the console's page needs no key, every /v1 call still does;
 * the console asks for one, keeps it in the tab's session storage only, and shows a refused call
 * (a read-only key deleting) as a readable message while nothing changes.
 */
@QuarkusTest
@TestProfile(WithApiKeys.class)
class ConsoleSignInBrowserTest {
    private static Browser browser;

    @TestHTTPResource("/console/")
    URL console;

    // per test, not @BeforeAll: a missing browser then shows as skipped tests, with the reason
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
    void aKeyIsAskedForKeptInTheTabAndItsLimitsShownReadably() {
        String p = "team-a-console-" + UUID.randomUUID().toString().substring(0, 8);
        String id = given().header("Authorization", "Bearer " + WithApiKeys.BOT).contentType(ContentType.JSON)
                .body("{\"message\": \"OpenAI 估值高\"}").when().post("/v1/profiles/{p}/feedback", p)
                .then().statusCode(201).extract().path("memory.id");
        // the page is public, the API behind it is not
        given().when().get("/console/").then().statusCode(200);
        given().when().get("/v1/profiles/{p}/memories", p).then().statusCode(401);

        browser.step("sign-in-asked", () -> {
            browser.driver.get(console + "#/profiles/" + p);
            WebElement key = browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("api-key")));
            key.sendKeys("not-a-key");
            key.submit();
            browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector(".sign-in"),
                    "the API key is not known"));
        });

        browser.step("signed-in", () -> {
            WebElement key = browser.driver.findElement(By.id("api-key"));
            key.sendKeys(WithApiKeys.READER);
            key.submit();
            browser.wait.until(ExpectedConditions.visibilityOfElementLocated(
                    By.cssSelector("#memory-list li[data-memory-id='" + id + "']")));
            assertThat(browser.js("return sessionStorage.getItem('pm-memory.api-key')")).isEqualTo(WithApiKeys.READER);
            assertThat(browser.js("return localStorage.length")).isEqualTo(0L);
            assertThat(browser.js("return document.cookie")).isEqualTo("");
        });

        browser.step("refused-readably", () -> {
            WebElement card = browser.driver.findElement(By.cssSelector("#memory-list li[data-memory-id='" + id + "']"));
            card.findElement(By.cssSelector("button.delete")).click();
            card.findElement(By.cssSelector("button.confirm-delete")).click();
            browser.wait.until(ExpectedConditions.textToBePresentInElement(card, "Forbidden (403)"));
            assertThat(card.findElement(By.cssSelector("[role=alert]")).getText()).contains("scope read");
        });
        given().header("Authorization", "Bearer " + WithApiKeys.READER)
                .when().get("/v1/profiles/{p}/memories/{id}", p, id).then().statusCode(200)
                .body("status", equalTo("active"));

        browser.step("sign-out", () -> {
            browser.driver.findElement(By.id("sign-out")).click();
            browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("api-key")));
            assertThat(browser.js("return sessionStorage.length")).isEqualTo(0L);
        });
    }
}
