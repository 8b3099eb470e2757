package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.memory;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThanOrEqualTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import dev.pmmemory.application.model.Job;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lifecycle jobs through the admin endpoint, on SQLite ({@link PostgresJobsAcceptanceTest}: on
 * PostgreSQL). A message dated long ago makes a memory that has expired and then been retired
 * for longer than the 180-day retention, whatever today's date.
 */
@QuarkusTest
class JobsAcceptanceTest {
    private static final String LONG_AGO = "2024-01-02T03:04:05Z"; // project_negative: expires 30 days later

    @Inject
    ScheduledJobs scheduled;

    @Test
    void sweepThenPurgeThroughTheAdminEndpoint() {
        String p = Api.newProfile("jobs");
        String id = feedback(p, "OpenAI 估值高", LONG_AGO).statusCode(201).extract().path("memory.id");

        runJob("sweep").statusCode(200).body("job", equalTo("sweep"))
                .body("profiles", greaterThanOrEqualTo(1)).body("changed", greaterThanOrEqualTo(1))
                .body("duration_ms", greaterThanOrEqualTo(0));
        memory(p, id).statusCode(200).body("status", equalTo("expired"))
                .body("audit_events.kind", hasItem("memory_expired"));
        runJob("sweep").statusCode(200).body("changed", equalTo(0)); // idempotent

        runJob("purge").statusCode(200).body("job", equalTo("purge")).body("changed", greaterThanOrEqualTo(1));
        memory(p, id).statusCode(404);
        Api.memories(p, java.util.Map.of()).statusCode(200).body("items.id", not(hasItem(id)));
    }

    /**
     * More than memory.compact.threshold (50) expired market_info memories of one profile become one
     * summary memory; each folded memory names it and it lists them; a second run folds nothing.
     */
    @Test
    void compactFoldsOldLowPriorityMemoriesIntoOneSummaryLinkedBothWays() {
        String p = Api.newProfile("compact");
        List<String> folded = new java.util.ArrayList<>();
        for (int i = 0; i < 51; i++) {
            folded.add(feedback(p, "赛道最近热 第" + i + "轮", LONG_AGO).statusCode(201)
                    .body("memory.type", equalTo("market_info")).extract().path("memory.id"));
        }
        feedback(p, "以后少推国内大模型", LONG_AGO).statusCode(201); // a preference: never folded

        runJob("compact").statusCode(200).body("job", equalTo("compact"))
                .body("profiles", greaterThanOrEqualTo(1)).body("changed", greaterThanOrEqualTo(51));

        String summaryId = memory(p, folded.get(0)).statusCode(200).body("status", equalTo("expired"))
                .body("summarized_by", org.hamcrest.Matchers.notNullValue()).extract().path("summarized_by");
        memory(p, folded.get(50)).statusCode(200).body("summarized_by", equalTo(summaryId));
        memory(p, summaryId).statusCode(200)
                .body("type", equalTo("summary"))
                .body("status", equalTo("active"))
                .body("content", org.hamcrest.Matchers.startsWith("Summary of 51 market_info memories, on 2024-01-02."))
                .body("content", containsString("Recurring terms: "))
                .body("summarizes", org.hamcrest.Matchers.hasSize(51))
                .body("summarizes", org.hamcrest.Matchers.hasItems(folded.toArray()))
                .body("summarized_by", org.hamcrest.Matchers.nullValue())
                .body("audit_events.kind", hasItem("memory_summarized"));
        Api.memories(p, java.util.Map.of("type", "summary")).statusCode(200)
                .body("items.id", org.hamcrest.Matchers.contains(summaryId));
        Api.memories(p, java.util.Map.of("type", "long_term_preference")).statusCode(200)
                .body("items[0].type", equalTo("long_term_preference"));

        runJob("compact").statusCode(200);
        Api.memories(p, java.util.Map.of("type", "summary")).statusCode(200)
                .body("items.id", org.hamcrest.Matchers.contains(summaryId)); // idempotent
    }

    @Test
    void aCorrectionCannotMakeASummary() {
        String p = Api.newProfile("compact-fix");
        String id = feedback(p, "赛道最近热").statusCode(201).extract().path("memory.id");
        given().contentType("application/json").body(java.util.Map.of("type", "summary"))
                .when().patch("/v1/profiles/" + p + "/memories/" + id).then().statusCode(400)
                .body("errors.field", hasItem("type"));
    }

    @Test
    void anUnknownJobIsA404ProblemNamingIt() {
        runJob("defragment").statusCode(404).contentType("application/problem+json")
                .body("detail", containsString("defragment")).body("detail", containsString("sweep, purge, compact"));
        given().when().post("/v1/admin/jobs/sweep").then().statusCode(404); // the ":run" suffix is part of the path
    }

    @Test
    void eachRunCountsInMetricsAndLogsOneLine() throws Exception {
        runJob("sweep").statusCode(200);
        runJob("compact").statusCode(200);

        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("pm_memory_job_runs_total{job=\"sweep\""))
                .body(containsString("pm_memory_job_changed_total{job=\"sweep\""))
                .body(containsString("pm_memory_job_duration_seconds_count{job=\"sweep\""));
        given().when().get("/q/metrics").then().statusCode(200)
                .body(containsString("pm_memory_job_runs_total{job=\"compact\""))
                .body(containsString("pm_memory_job_changed_total{job=\"compact\""));
        List<String> lines = Files.readAllLines(Path.of("target/quarkus-test.log"));
        assertThat(lines).anyMatch(l -> l.matches(".*job=sweep profiles=\\d+ changed=\\d+ ms=\\d+.*"));
        assertThat(lines).anyMatch(l -> l.matches(".*job=compact profiles=\\d+ changed=\\d+ ms=\\d+.*"));
    }

    /** Two runners for one schedule period on one database (two instances): exactly one runs it, every job. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(Job.class)
    void aSchedulePeriodRunsOnceHoweverManyRunnersFireForIt(Job job) throws Exception {
        Instant period = Instant.parse("2031-01-01T00:10:00.250Z").plusNanos(System.nanoTime() % 1_000_000L * 1000);
        var first = new java.util.concurrent.CompletableFuture<Boolean>();
        Thread other = new Thread(() -> first.complete(scheduled.runPeriod(job, period).isPresent()));
        other.start();
        boolean mine = scheduled.runPeriod(job, period).isPresent();
        boolean theirs = first.get();

        assertThat(List.of(mine, theirs)).containsExactlyInAnyOrder(true, false);
        assertThat(scheduled.runPeriod(job, period.plusSeconds(600)).isPresent()).as("the next period").isTrue();
    }

    private static io.restassured.response.ValidatableResponse runJob(String job) {
        return given().when().post("/v1/admin/jobs/" + job + ":run").then();
    }
}
