package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The schedule itself: an enabled job runs on its cron, a disabled one never runs though its cron fires. */
@QuarkusTest
@TestProfile(ScheduledJobsTest.EverySecond.class)
class ScheduledJobsTest {

    public static class EverySecond implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("memory.jobs.sweep.enabled", "true", "memory.jobs.sweep.cron", "* * * * * ?",
                    "memory.jobs.purge.enabled", "false", "memory.jobs.purge.cron", "* * * * * ?",
                    "memory.jobs.compact.enabled", "true", "memory.jobs.compact.cron", "* * * * * ?");
        }
    }

    @Test
    void anEnabledJobRunsOnItsCronAndADisabledOneNever() throws Exception {
        String metrics = "";
        for (int i = 0; i < 50 && !(metrics.contains("pm_memory_job_runs_total{job=\"sweep\"")
                && metrics.contains("pm_memory_job_runs_total{job=\"compact\"")); i++) {
            Thread.sleep(100);
            metrics = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
        }
        Thread.sleep(1500); // the purge cron has fired at least once more by now

        metrics = given().when().get("/q/metrics").then().extract().asString();
        assertThat(metrics).contains("pm_memory_job_runs_total{job=\"sweep\"");
        assertThat(metrics).contains("pm_memory_job_runs_total{job=\"compact\"");
        assertThat(metrics).doesNotContain("job=\"purge\"");
    }
}
