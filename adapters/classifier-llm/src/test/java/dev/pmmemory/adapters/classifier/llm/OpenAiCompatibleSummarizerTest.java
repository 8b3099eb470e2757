package dev.pmmemory.adapters.classifier.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pmmemory.adapters.classifier.llm.FakeChatServer.Reply;
import dev.pmmemory.application.port.out.SummaryRequest;
import dev.pmmemory.application.service.FrequencySummarizer;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The summarizer against a fake OpenAI-compatible server: what it sends, what it keeps, how it falls back. */
class OpenAiCompatibleSummarizerTest {

    private static final String API_KEY = "sk-test-" + "do-not-log-me-0123456789";
    /** Generous: the machine running the tests may be busy; only the "never answers" case waits it out. */
    private static final Duration TIMEOUT = Duration.ofMillis(2000);
    private static final Instant T0 = Instant.parse("2026-03-01T08:00:00Z");
    private static final String SECRET_TEXT = "赛道很热 Mistral 估值";

    private FakeChatServer server;
    private LogCapture log;

    @BeforeEach
    void start() throws IOException {
        server = new FakeChatServer();
        log = new LogCapture(OpenAiCompatibleSummarizer.class.getName());
    }

    @AfterEach
    void stop() {
        log.close();
        server.close();
    }

    private static Memory member(int i) {
        return new Memory.Builder().id("m" + i).profileId("pm-alice").type(MemoryType.MARKET_INFO)
                .content(SECRET_TEXT + " " + i).normalizedContent("x" + i).entities(List.of("Mistral"))
                .keywords(List.of("赛道", "估值")).weight(1).status(MemoryStatus.EXPIRED).source(Source.EXPLICIT)
                .createdAt(T0.plus(Duration.ofDays(i))).lastSeenAt(T0.plus(Duration.ofDays(i)))
                .expiresAt(T0.plus(Duration.ofDays(i + 7))).validFrom(T0.plus(Duration.ofDays(i))).build();
    }

    private static SummaryRequest request(int n) {
        return new SummaryRequest("pm-alice", MemoryType.MARKET_INFO, IntStream.range(0, n)
                .mapToObj(OpenAiCompatibleSummarizerTest::member).toList());
    }

    private String summarizeAnswering(Reply reply) {
        server.answering(r -> reply);
        return summarizer(server.baseUrl()).summarize(request(3));
    }

    private OpenAiCompatibleSummarizer summarizer(URI baseUrl) {
        return new OpenAiCompatibleSummarizer(new ChatEndpoint(baseUrl, "fake-model", Optional.of(API_KEY), TIMEOUT),
                new FrequencySummarizer());
    }

    private static String facts(int n) {
        return new FrequencySummarizer().summarize(request(n));
    }

    @Test
    void theModelsGistFollowsTheDeterministicFacts() throws IOException {
        String summary = summarizeAnswering(Reply.content("  The PM found the sector\n hot but Mistral pricey. "));

        assertThat(summary).isEqualTo(facts(3) + " Gist: The PM found the sector hot but Mistral pricey.");
        assertThat(log.warnings()).isEmpty();
        assertThat(server.received()).singleElement().satisfies(r -> {
            assertThat(r.path()).isEqualTo("/v1/chat/completions");
            assertThat(r.authorization()).contains("Bearer " + API_KEY);
            JsonNode body = readJson(r.body());
            assertThat(body.path("model").asText()).isEqualTo("fake-model");
            assertThat(body.path("temperature").asInt()).isZero();
            String user = body.path("messages").path(1).path("content").asText();
            assertThat(user).contains("Type: market_info", "Facts: " + facts(3), "2026-03-03 | 1 | " + SECRET_TEXT + " 2");
        });
    }

    @Test
    void aLargeGroupListsOnlyTheNewestMembers() {
        server.answering(r -> Reply.content("gist"));
        summarizer(server.baseUrl()).summarize(request(SummaryPrompt.MAX_LISTED + 50));

        String user = readJson(server.received().get(0).body()).path("messages").path(1).path("content").asText();
        assertThat(user).contains("the newest " + SummaryPrompt.MAX_LISTED).contains(SECRET_TEXT + " 249")
                .doesNotContain(SECRET_TEXT + " 49\n");
    }

    @Test
    void anyFailureGivesTheDeterministicSummaryWithOneWarningThatQuotesNothing() throws IOException {
        List<Reply> failures = List.of(new Reply(500, "{}"), new Reply(200, "not json " + SECRET_TEXT),
                new Reply(200, "{\"choices\": []}"), Reply.content("   "), Reply.content("x".repeat(1001)),
                Reply.content("{\"summary\": \"" + SECRET_TEXT + "\"}"), Reply.never());
        for (Reply reply : failures) {
            assertThat(summarizeAnswering(reply)).isEqualTo(facts(3));
        }
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        assertThat(summarizer(URI.create("http://127.0.0.1:" + closedPort + "/v1")).summarize(request(3)))
                .isEqualTo(facts(3));

        assertThat(log.warnings()).hasSize(failures.size() + 1);
        assertThat(log.warnings()).extracting(LogCapture.Line::text).anySatisfy(t -> assertThat(t).contains("HTTP 500"))
                .anySatisfy(t -> assertThat(t).contains("no answer within " + TIMEOUT.toMillis() + " ms"))
                .anySatisfy(t -> assertThat(t).contains("cannot connect"))
                .anySatisfy(t -> assertThat(t).contains("longer than"));
        for (LogCapture.Line line : log.lines()) {
            assertThat(line.text()).doesNotContain(API_KEY).doesNotContain("赛道很热");
        }
    }

    private static JsonNode readJson(String body) {
        try {
            return new ObjectMapper().readTree(body);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
