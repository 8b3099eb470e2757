package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.memory;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

/**
 * Issue 15: the PM console in real headless Chromium. Feedback goes in through the API; the PM opens
 * the profile by deep link, finds a memory, corrects it, settles two pending ones; every result is
 * then read back through the API, not from the page. Screenshots: target/console-profile.png (the
 * profile page at 1280 px after the changes), target/console-phone.png (phone width), and
 * target/console-failure-*.png when a step fails.
 */
@QuarkusTest
class ConsoleBrowserTest {
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

    private static String created(String profile, Map<String, ?> body) {
        return feedback(profile, body).statusCode(201).extract().path("memory.id");
    }

    private static WebElement card(String containerCss, String memoryId) {
        return browser.wait.until(ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector(containerCss + " li[data-memory-id='" + memoryId + "']")));
    }

    private static void waitForNotice(String text) {
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("notice"), text));
    }

    @Test
    void aPmFindsCorrectsAndSettlesMemoriesInTheConsole() {
        String p = newProfile("console");
        String openAi = created(p, Map.of("message", "OpenAI 估值高", "created_at", "2026-05-01T10:00:00Z"));
        // an explicit advance, then a weaker (inferred) negative on the same entity: held pending (twice)
        String anthropicAdvance = created(p, Map.of("message", "Anthropic 可以推进"));
        String anthropicPending = created(p, Map.of("message", "Anthropic 商业化弱", "source", "inferred"));
        created(p, Map.of("message", "Mistral 可以推进"));
        String mistralPending = created(p, Map.of("message", "Mistral 商业化弱", "source", "inferred"));
        memory(p, mistralPending).body("status", equalTo("pending"));

        browser.step("deep-link", () -> {
            browser.driver.get(console + "#/profiles/" + p);
            browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.tagName("h1"), p));
            // the decision queue is on the first screen, with both pending memories
            browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#decisions li.memory"), 2));
        });

        browser.step("keyboard", () -> {
            // every control has a label, every action is a real button or link, so keyboard and screen readers reach it
            assertThat(browser.js("""
                    return [...document.querySelectorAll('input, select, textarea')]
                      .filter(e => !e.labels.length && !e.getAttribute('aria-label')).map(e => e.id || e.name);""")
            ).asList().isEmpty();
            assertThat(browser.js("""
                    return [...document.querySelectorAll('[onclick], [tabindex]:not([tabindex="-1"])')]
                      .map(e => e.tagName);""")).asList().isEmpty();
            // on a freshly loaded page, Tab reaches the skip link first (the deep link may only have changed the fragment)
            browser.driver.navigate().refresh();
            browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#decisions li.memory"), 2));
            new Actions(browser.driver).sendKeys(Keys.TAB).perform();
            assertThat(browser.driver.switchTo().activeElement().getText()).isEqualTo("Skip to content");
        });

        browser.step("find", () -> {
            new Select(browser.driver.findElement(By.id("filter-type"))).selectByValue("project_negative");
            browser.driver.findElement(By.id("filter-text")).sendKeys("OpenAI");
            browser.driver.findElement(By.cssSelector("#memories form.filters button[type=submit]")).click();
            browser.wait.until(ExpectedConditions.attributeToBe(By.id("memory-list"), "aria-busy", "false"));
            browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#memory-list li.memory"), 1));
            WebElement found = card("#memory-list", openAi);
            assertThat(found.findElement(By.cssSelector(".content")).getText()).isEqualTo("OpenAI 估值高");
            assertThat(found.findElement(By.cssSelector(".badge")).getText()).isEqualTo("negative");
        });

        browser.step("edit-refused", () -> {
            WebElement found = card("#memory-list", openAi);
            found.findElement(By.cssSelector("button.edit")).click();
            WebElement expires = found.findElement(By.name("expires_at"));
            expires.sendKeys("next week");
            found.findElement(By.cssSelector("button.save")).click();
            // a readable problem naming the field, in the card; nothing changed
            browser.wait.until(ExpectedConditions.textToBePresentInElement(found, "expires_at"));
            assertThat(found.findElement(By.cssSelector("[role=alert]")).getText()).contains("400");
            memory(p, openAi).body("content", equalTo("OpenAI 估值高"));
        });

        browser.step("edit", () -> {
            WebElement found = card("#memory-list", openAi);
            WebElement content = found.findElement(By.name("content"));
            content.clear();
            content.sendKeys("OpenAI 估值偏高，暂不推进");
            WebElement expires = found.findElement(By.name("expires_at"));
            expires.clear();
            expires.sendKeys("2027-01-01T00:00:00Z");
            found.findElement(By.cssSelector("button.save")).click();
            waitForNotice("Saved");
        });
        memory(p, openAi).statusCode(200)
                .body("content", equalTo("OpenAI 估值偏高，暂不推进"))
                .body("expires_at", equalTo("2027-01-01T00:00:00Z"));

        browser.step("confirm", () -> {
            card("#decisions", anthropicPending).findElement(By.cssSelector("button.confirm")).click();
            waitForNotice("Confirmed");
            browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#decisions li.memory"), 1));
        });
        memory(p, anthropicPending).body("status", equalTo("active"));
        memory(p, anthropicAdvance).body("status", equalTo("superseded"));

        browser.step("reject", () -> {
            card("#decisions", mistralPending).findElement(By.cssSelector("button.reject")).sendKeys(Keys.ENTER);
            waitForNotice("Rejected");
            browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("decisions"),
                    "Nothing is waiting for you."));
        });
        memory(p, mistralPending).body("status", equalTo("rejected"));

        // every change is in the audit, by the caller (no keys: local), and shown in the page's audit list
        List<String> kinds = given().when().get("/v1/profiles/{p}/audit", p).then().statusCode(200)
                .body("items.findAll { it.kind != 'memory_created' }.actor", org.hamcrest.Matchers.everyItem(
                        org.hamcrest.Matchers.anyOf(equalTo("local"), equalTo("system"))))
                .extract().path("items.kind");
        assertThat(kinds).contains("memory_corrected", "memory_confirmed", "memory_rejected");
        browser.step("audit", () -> browser.wait.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("audit"), "memory_rejected")));

        // export and facts are optional on a service (other issues): either they work or the page says they are absent
        browser.step("export", () -> {
            browser.driver.findElement(By.id("export-button")).click();
            browser.wait.until(ExpectedConditions.or(
                    ExpectedConditions.textToBePresentInElementLocated(By.id("export"), "Ready: pm-memory-" + p),
                    ExpectedConditions.textToBePresentInElementLocated(By.id("export"), "No export:")));
            WebElement facts = browser.driver.findElement(By.id("facts"));
            assertThat(facts.isDisplayed() ? facts.getText() : "hidden").doesNotContain("Loading");
        });

        browser.step("screenshot", () -> assertThat(browser.screenshot("console-profile")).exists());
    }

    /**
     * The derive job's proposal waits under "Needs your decision" with its rationale and evidence links; the PM
     * confirms it there. A memory's card says how often contexts returned it.
     */
    @Test
    void aDerivedProposalShowsItsRationaleAndIsConfirmedInTheConsole() {
        String p = newProfile("console-derive");
        String[] companies = {"OpenAI", "Anthropic", "Mistral", "DeepSeek"};
        List<String> ids = new java.util.ArrayList<>();
        for (int i = 0; i < companies.length; i++) {
            ids.add(created(p, Map.of("message", companies[i] + " 估值太高",
                    "created_at", java.time.Instant.now().minus(java.time.Duration.ofDays(25 - 5L * i)).toString())));
        }
        String first = ids.get(0);
        given().when().post("/v1/admin/jobs/derive:run").then().statusCode(200);
        String proposal = Api.memories(p, Map.of("status", "pending")).statusCode(200)
                .extract().path("items[0].id");

        browser.step("derived-proposal", () -> {
            browser.driver.get(console + "#/profiles/" + p);
            WebElement found = card("#decisions", proposal);
            assertThat(found.findElement(By.cssSelector(".content")).getText()).isEqualTo("对高估值敏感");
            assertThat(found.findElement(By.cssSelector(".derivation")).getText())
                    .contains("Inferred (rule high_valuation)", "4 entities", "Evidence: #1, #2, #3, #4");
            assertThat(found.findElement(By.cssSelector(".recalls")).getText()).isEqualTo("recalled 0×");
            found.findElement(By.cssSelector("button.confirm")).click();
            waitForNotice("Confirmed");
            browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("decisions"),
                    "Nothing is waiting for you."));
        });
        memory(p, proposal).body("status", equalTo("active")).body("source", equalTo("inferred"));
        memory(p, first).body("status", equalTo("active"));

        // the entity's timeline: its memory as a mark on the axis, ringed as the proposal's evidence
        String later = created(p, Map.of("message", "OpenAI 可以推进")); // reverses the negative
        browser.step("entity-timeline", () -> {
            browser.driver.get(console + "#/profiles/" + p + "/entities/OpenAI");
            browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("svg.timeline-chart circle.mark"), 2));
            WebElement evidenceMark = browser.driver.findElement(
                    By.cssSelector("svg.timeline-chart circle[data-memory-id='" + first + "']"));
            assertThat(evidenceMark.getAttribute("class")).contains("evidence", "type-project_negative", "faded");
            assertThat(browser.driver.findElement(By.cssSelector("svg.timeline-chart circle[data-memory-id='" + later
                    + "']")).getAttribute("class")).contains("type-project_advance").doesNotContain("faded");
            assertThat(browser.driver.findElements(By.cssSelector("svg.timeline-chart path.reversal"))).hasSize(1);
            assertThat(browser.js("return document.querySelector(\"circle[data-memory-id='" + first
                    + "'] title\").textContent;")).asString().contains("recalled 0×");
            assertThat(browser.driver.findElement(By.cssSelector(".proposal-note")).getText()).contains("对高估值敏感");
        });
    }

    @Test
    void recallTimelineAndTeachWorkAtPhoneWidth() {
        String p = newProfile("console-phone");
        created(p, Map.of("message", "以后少推国内大模型，我更倾向海外早期项目"));
        String advance = created(p, Map.of("message", "Anthropic 可以推进"));
        String negative = created(p, Map.of("message", "Anthropic 商业化弱"));
        String unclassified = feedback(p, Map.of("message", "今天天气不错")).statusCode(200)
                .body("outcome", equalTo("unclassified")).extract().path("raw_message_id");
        browser.phone(true);
        try {
            browser.step("phone-recall", () -> {
                browser.driver.get(console + "#/profiles/" + p);
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.tagName("h1"), p));
                WebElement query = browser.driver.findElement(By.id("recall-query"));
                query.sendKeys("海外早期项目");
                query.submit();
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("pre.prompt-block")));
                assertThat(browser.driver.findElements(By.cssSelector(".recall-item meter"))).hasSizeGreaterThanOrEqualTo(4);
                assertThat(browser.driver.findElement(By.cssSelector(".recall-item .content")).getText())
                        .isEqualTo("以后少推国内大模型，我更倾向海外早期项目");
                // nothing wider than the phone: no sideways scrolling
                assertThat(browser.js("return window.innerWidth")).isEqualTo(390L);
                assertThat(browser.overflowing()).isEmpty();
                assertThat(browser.screenshot("console-phone")).exists();
            });

            browser.step("phone-timeline", () -> {
                browser.driver.findElement(By.linkText("Anthropic")).click();
                browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("ol.timeline > li"), 2));
                List<WebElement> items = browser.driver.findElements(By.cssSelector("ol.timeline > li"));
                assertThat(items.get(0).getText()).contains("Anthropic 可以推进", "superseded");
                assertThat(items.get(1).getText()).contains("Anthropic 商业化弱", "active");
                items.get(0).findElement(By.cssSelector(".content a")).click();
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("versions"),
                        "Anthropic 商业化弱"));
                assertThat(browser.driver.findElement(By.id("sources")).getText()).contains("Anthropic 可以推进");
            });

            browser.step("teach", () -> {
                browser.driver.get(console + "#/profiles/" + p);
                WebElement item = browser.wait.until(ExpectedConditions.visibilityOfElementLocated(
                        By.cssSelector("#unclassified li[data-message-id='" + unclassified + "']")));
                new org.openqa.selenium.support.ui.Select(item.findElement(By.cssSelector("select[name=type]")))
                        .selectByValue("temp_status");
                item.findElement(By.cssSelector("button[type=submit]")).click();
                // the chosen type goes with the message: the memory is made even though the rules do not understand it
                WebElement taught = browser.wait.until(ExpectedConditions.visibilityOfNestedElementsLocatedBy(item,
                        By.cssSelector(".teach-result .taught a"))).get(0);
                assertThat(taught.getText()).isEqualTo("今天天气不错");
                String taughtId = taught.getAttribute("data-memory-id");
                memory(p, taughtId).body("type", equalTo("temp_status")).body("content", equalTo("今天天气不错"));
                // teaching it again replays: still one memory of that text
                item.findElement(By.cssSelector("button[type=submit]")).click();
                browser.wait.until(ExpectedConditions.textToBePresentInElement(item, "replayed"));
            });
            given().queryParam("type", "temp_status").when().get("/v1/profiles/{p}/memories", p).then()
                    .statusCode(200).body("items.content", org.hamcrest.Matchers.contains("今天天气不错"));
            memory(p, advance).body("status", equalTo("superseded"));
            memory(p, negative).body("superseded_by", org.hamcrest.Matchers.nullValue());
        } finally {
            browser.phone(false);
        }
    }

    @Test
    void theConsoleIsServedWithItsSecurityHeaders() {
        given().redirects().follow(false).when().get("/console").then()
                .statusCode(org.hamcrest.Matchers.oneOf(301, 302, 303, 307, 308))
                .header("Location", containsString("/console/"));
        given().when().get("/console/").then().statusCode(200)
                .contentType(containsString("text/html"))
                .header("Content-Security-Policy", containsString("default-src 'none'"))
                .header("Content-Security-Policy", containsString("frame-ancestors 'none'"))
                .header("X-Content-Type-Options", "nosniff")
                .body(containsString("<script type=\"module\" src=\"app.js\"></script>"));
        given().when().get("/console/app.js").then().statusCode(200)
                .contentType(containsString("javascript"));
    }
}
