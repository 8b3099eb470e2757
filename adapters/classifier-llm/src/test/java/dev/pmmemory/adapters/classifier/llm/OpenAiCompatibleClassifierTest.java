package dev.pmmemory.adapters.classifier.llm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.pmmemory.adapters.classifier.llm.FakeChatServer.Reply;
import dev.pmmemory.domain.classify.Classification;
import dev.pmmemory.domain.memory.MemoryType;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The classifier against a fake OpenAI-compatible server: what it sends, what it understands, how it fails. */
class OpenAiCompatibleClassifierTest {

    private static final String MESSAGE = "The unit economics don't work, password: [REDACTED:password]";
    private static final List<String> ENTITIES = List.of("OpenAI");
    private static final String API_KEY = "sk-test-" + "do-not-log-me-0123456789";
    private static final Duration TIMEOUT = Duration.ofMillis(400);

    private FakeChatServer server;
    private LogCapture log;

    @BeforeEach
    void start() throws IOException {
        server = new FakeChatServer();
        log = new LogCapture();
    }

    @AfterEach
    void stop() {
        log.close();
        server.close();
    }

    private OpenAiCompatibleClassifier classifier(Optional<String> apiKey) {
        return new OpenAiCompatibleClassifier(new ChatEndpoint(server.baseUrl(), "fake-model", apiKey, TIMEOUT));
    }

    private Optional<MemoryType> classifyAnswering(Reply reply) {
        server.answering(r -> reply);
        return classifier(Optional.of(API_KEY)).classify(MESSAGE, ENTITIES);
    }

    @Test
    void postsModelTemperatureZeroTheTypesAndTheMessageToChatCompletions() throws IOException {
        server.answering(r -> Reply.type("project_negative"));

        classifier(Optional.empty()).classify(MESSAGE, ENTITIES);

        assertThat(server.received()).hasSize(1);
        FakeChatServer.Received request = server.received().get(0);
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/v1/chat/completions");
        assertThat(request.authorization()).as("no key configured, no Authorization header").isEmpty();
        JsonNode body = new ObjectMapper().readTree(request.body());
        assertThat(body.path("model").asText()).isEqualTo("fake-model");
        assertThat(body.path("temperature").isNumber()).isTrue();
        assertThat(body.path("temperature").asDouble()).isZero();
        JsonNode system = body.path("messages").path(0);
        assertThat(system.path("role").asText()).isEqualTo("system");
        assertThat(system.path("content").asText()).contains("long_term_preference", "project_negative",
                "project_advance", "project_positive", "market_info", "temp_status", "none", "{\"type\"",
                "\"confidence\": <a number from 0 to 1>");
        JsonNode user = body.path("messages").path(1);
        assertThat(user.path("role").asText()).isEqualTo("user");
        assertThat(user.path("content").asText()).contains(MESSAGE).contains("OpenAI");
    }

    @Test
    void sendsTheKeyAsABearerTokenWhenOneIsConfigured() {
        classifyAnswering(Reply.type("project_negative"));

        assertThat(server.received()).singleElement()
                .satisfies(r -> assertThat(r.authorization()).contains("Bearer " + API_KEY));
    }

    @ParameterizedTest
    @EnumSource(value = MemoryType.class, names = "SUMMARY", mode = EnumSource.Mode.EXCLUDE)
    void everyTypeTheModelNamesIsTheAnswer(MemoryType type) {
        assertThat(classifyAnswering(Reply.type(type.wireName()))).contains(type);
        assertThat(log.warnings()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "```json\n{\"type\": \"project_negative\"}\n```",
            "```\n{\"type\":\"project_negative\"}\n```",
            "Sure! Here is the classification: {\"type\": \"project_negative\"} Hope this helps.",
            "{\"type\": \"PROJECT_NEGATIVE\", \"reason\": \"economics\"}",
            "project_negative",
            "\"project_negative\".",
            "```\nproject_negative\n```"})
    void fencedProseWrappedAndBareAnswersAreUnderstood(String content) {
        assertThat(classifyAnswering(Reply.content(content))).contains(MemoryType.PROJECT_NEGATIVE);
    }

    @Test
    void theTypeCarriesTheConfidenceTheModelStatedAsAStatedOne() {
        server.answering(r -> Reply.content("{\"type\": \"project_advance\", \"confidence\": 0.7}"));

        Classification answer = classifier(Optional.empty()).classification(MESSAGE, ENTITIES);

        assertThat(answer.type()).contains(MemoryType.PROJECT_ADVANCE);
        assertThat(answer.confidence()).isEqualTo(0.7);
        assertThat(answer.stated()).isTrue();
        assertThat(answer.held()).as("holding is the chain's decision, not the adapter's").isFalse();
    }

    @Test
    void aTypeWithoutAStatedConfidenceIsGivenZeroNotTrustedBlindly() {
        server.answering(r -> Reply.type("project_positive"));

        Classification answer = classifier(Optional.empty()).classification(MESSAGE, ENTITIES);

        assertThat(answer.type()).contains(MemoryType.PROJECT_POSITIVE);
        assertThat(answer.confidence()).isZero();
        assertThat(answer.stated()).isTrue();
        assertThat(log.warnings()).isEmpty();
    }

    @Test
    void noneMeansNotMineToSayWithoutAWarning() {
        assertThat(classifyAnswering(Reply.type("none"))).isEmpty();
        assertThat(log.warnings()).isEmpty();
    }

    @Test
    void summaryIsNeitherOfferedNorAcceptedOnlyTheCompactJobMakesIt() throws IOException {
        assertThat(classifyAnswering(Reply.type("summary"))).isEmpty();
        assertThat(log.warnings()).singleElement().satisfies(l -> assertThat(l.text()).contains("unknown type"));
        String system = new ObjectMapper().readTree(server.received().get(0).body())
                .path("messages").path(0).path("content").asText();
        assertThat(system).doesNotContain("summary");
    }

    @Test
    void anUnknownTypeIsNotMineToSayWithOneWarning() {
        assertThat(classifyAnswering(Reply.type("project_maybe"))).isEmpty();
        assertThat(log.warnings()).singleElement().satisfies(l -> assertThat(l.text()).contains("unknown type"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"<html>Bad gateway</html>", "{\"choices\": []}", "{\"error\": {\"message\": \"x\"}}", ""})
    void aResponseThatIsNoChatCompletionIsNotMineToSay(String body) {
        assertThat(classifyAnswering(new Reply(200, body))).isEmpty();
        assertThat(log.warnings()).hasSize(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"type\": project_negative", "{\"kind\": \"project_negative\"}", "I think it is negative"})
    void malformedOrTypelessContentIsNotMineToSay(String content) {
        assertThat(classifyAnswering(Reply.content(content))).isEmpty();
        assertThat(log.warnings()).hasSize(1);
    }

    @Test
    void aServerErrorIsNotMineToSay() {
        assertThat(classifyAnswering(new Reply(500, "{\"error\": \"boom\"}"))).isEmpty();
        assertThat(log.warnings()).singleElement().satisfies(l -> assertThat(l.text()).contains("HTTP 500"));
    }

    @Test
    void anOversizedAnswerIsCutOffAndNotMineToSay() {
        String huge = "{\"type\": \"project_negative\"}" + " ".repeat(OpenAiCompatibleClassifier.MAX_ANSWER_BYTES);
        assertThat(classifyAnswering(Reply.content(huge))).isEmpty();
        assertThat(log.warnings()).singleElement()
                .satisfies(l -> assertThat(l.text()).contains("answer larger than " + OpenAiCompatibleClassifier.MAX_ANSWER_BYTES));
    }

    @Test
    void anAnswerJustUnderTheLimitIsRead() {
        String padded = "{\"type\": \"project_negative\"}" + " ".repeat(OpenAiCompatibleClassifier.MAX_ANSWER_BYTES / 2);
        assertThat(classifyAnswering(Reply.content(padded))).contains(MemoryType.PROJECT_NEGATIVE);
    }

    @Test
    void aServerThatNeverAnswersIsGivenUpWithinTheTimeout() {
        long start = System.nanoTime();
        Optional<MemoryType> type = classifyAnswering(Reply.never());
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(type).isEmpty();
        assertThat(took).isLessThan(TIMEOUT.multipliedBy(3));
        assertThat(log.warnings()).singleElement()
                .satisfies(l -> assertThat(l.text()).contains("no answer within " + TIMEOUT.toMillis() + " ms"));
    }

    @Test
    void aRefusedConnectionIsNotMineToSay() throws IOException {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        ChatEndpoint nobody = new ChatEndpoint(URI.create("http://127.0.0.1:" + closedPort + "/v1"), "fake-model",
                Optional.of(API_KEY), TIMEOUT);

        long start = System.nanoTime();
        assertThat(new OpenAiCompatibleClassifier(nobody).classify(MESSAGE, ENTITIES)).isEmpty();
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(TIMEOUT.multipliedBy(3));
        assertThat(log.warnings()).singleElement().satisfies(l -> assertThat(l.text()).contains("cannot connect"));
    }

    @Test
    void neitherTheKeyNorTheMessageIsEverLogged() throws IOException {
        for (Reply reply : List.of(new Reply(500, "{}"), new Reply(401, "{\"error\":\"bad key " + API_KEY + "\"}"),
                new Reply(200, "not json " + MESSAGE), Reply.content(MESSAGE), Reply.type("x" + MESSAGE),
                Reply.type("project_maybe"), Reply.never())) {
            classifyAnswering(reply);
        }
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        new OpenAiCompatibleClassifier(new ChatEndpoint(URI.create("http://127.0.0.1:" + closedPort), "m",
                Optional.of(API_KEY), TIMEOUT)).classify(MESSAGE, ENTITIES);

        assertThat(log.warnings()).hasSize(8);
        for (LogCapture.Line line : log.lines()) {
            assertThat(line.text()).doesNotContain(API_KEY).doesNotContain("unit economics").doesNotContain("REDACTED");
        }
    }

    @Test
    void theKeyIsInNoDescriptionOfTheEndpoint() {
        ChatEndpoint endpoint = new ChatEndpoint(server.baseUrl(), "fake-model", Optional.of(API_KEY), TIMEOUT);
        assertThat(endpoint.toString()).doesNotContain(API_KEY).contains("(set)");
        assertThat(new OpenAiCompatibleClassifier(endpoint).toString()).doesNotContain(API_KEY);
    }
}
