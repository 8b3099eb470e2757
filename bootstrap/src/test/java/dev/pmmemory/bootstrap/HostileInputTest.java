package dev.pmmemory.bootstrap;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.domain.memory.Memory;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.quarkus.test.common.http.TestHTTPResource;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.junit.jupiter.api.Test;

/** Hostile input gets a 4xx problem or a correct result: never a 5xx, never a partial write. */
@QuarkusTest
class HostileInputTest {
    private static final int FUZZ_REQUESTS = 3000;
    private static final Set<Integer> ACCEPTABLE = Set.of(200, 201, 400, 413, 415);

    @Inject
    MemoryStore store;

    @TestHTTPResource("/")
    URI base;

    @Test
    void deeplyNestedJsonIsRefused() {
        String nested = "{\"message\": " + "[".repeat(5000) + "]".repeat(5000) + "}";
        post(Api.newProfile("nest"), nested).statusCode(400).contentType("application/problem+json");
    }

    @Test
    void invalidUtf8IsRefused() {
        byte[] body = {'{', '"', 'm', 'e', 's', 's', 'a', 'g', 'e', '"', ':', '"', (byte) 0xC3, (byte) 0x28,
                (byte) 0xFF, '"', '}'};
        given().contentType("application/json").body(body)
                .when().post("/v1/profiles/{p}/feedback", Api.newProfile("utf8"))
                .then().statusCode(400).contentType("application/problem+json");
    }

    @Test
    void duplicateKeysAreRefusedNotSilentlyMerged() {
        String p = Api.newProfile("dup");
        post(p, "{\"message\": \"OpenAI 估值高\", \"message\": \"以后少推国内大模型\"}").statusCode(400)
                .contentType("application/problem+json");
        assertThat(count(p)).containsExactly(0L, 0L);
    }

    @Test
    void unknownFieldsAreIgnored() {
        post(Api.newProfile("unknown"), "{\"message\": \"OpenAI 估值高\", \"admin\": true, \"weight\": 99}")
                .statusCode(201).body("memory.weight", equalTo(1));
    }

    @Test
    void sqlMetacharactersAreJustText() {
        String p = Api.newProfile("sql");
        String evil = "OpenAI 估值高'); DROP TABLE memories; -- \" OR 1=1";
        post(p, "{\"message\": " + json(evil) + "}").statusCode(201).body("memory.content", equalTo(evil));
        Api.context(p, Map.of("query", "' OR '1'='1", "entity", "x' OR 'x'='x")).statusCode(200);
        Api.memories(p, Map.of()).statusCode(200).body("items.content", hasItem(evil));
    }

    @Test
    void absurdNumbersAndValuesInQueriesAreRefused() {
        for (String limit : List.of("1e9", "NaN", "Infinity", "-0", "99999999999999999999", "0x10", " ")) {
            var r = given().queryParam("limit", limit).when().get("/v1/profiles/{p}/context", Api.newProfile("num"))
                    .then().extract();
            assertThat(r.statusCode()).as("limit=%s", limit).isIn(200, 400);
        }
        given().queryParam("as_of", "+999999999-12-31T23:59:59Z").when()
                .get("/v1/profiles/{p}/context", Api.newProfile("num")).then().statusCode(org.hamcrest.Matchers.lessThan(500));
    }

    @Test
    void thousandsOfRandomBodiesNeverCauseA5xxOrAPartialWrite() throws Exception {
        String p = Api.newProfile("fuzz");
        List<String> bodies = bodies().sampleStream().limit(FUZZ_REQUESTS).toList();
        int successes = 0;
        List<String> failures = new ArrayList<>();
        // A plain JDK client: thousands of calls through RestAssured would take most of a minute.
        HttpClient http = HttpClient.newHttpClient();
        URI feedback = base.resolve("/v1/profiles/" + p + "/feedback");
        for (String body : bodies) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(feedback)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body.getBytes(StandardCharsets.UTF_8))).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            String contentType = r.headers().firstValue("Content-Type").orElse("");
            if (!ACCEPTABLE.contains(r.statusCode())) {
                failures.add(r.statusCode() + " for " + abbreviate(body));
            } else if (r.statusCode() >= 400 && !contentType.startsWith("application/problem+json")) {
                failures.add("not a problem response for " + abbreviate(body));
            } else if (r.statusCode() < 300 && !r.body().contains("\"outcome\":\"replayed\"")) {
                successes++; // a replay (same message_id again) stores nothing new
            }
        }
        assertThat(failures).isEmpty();
        assertThat(successes).as("some fuzzed bodies are new valid feedback").isPositive();
        assertThat(successes).as("most fuzzed bodies are not").isLessThan(FUZZ_REQUESTS);
        assertConsistent(p, successes);
    }

    /** Every accepted add left one raw message; every memory's weight matches its sources, all present. */
    private void assertConsistent(String profile, int accepted) {
        store.read(tx -> {
            assertThat(tx.rawMessages().countByProfile(profile)).isEqualTo(accepted);
            List<Memory> memories = new ArrayList<>();
            dev.pmmemory.application.port.in.PagePosition after = null;
            while (true) {
                List<Memory> page = tx.memories().list(new dev.pmmemory.application.port.out.MemoryListQuery(
                        profile, null, null, null, after, 200, java.time.Instant.now()));
                memories.addAll(page);
                if (page.size() < 200) {
                    break;
                }
                Memory last = page.get(page.size() - 1);
                after = new dev.pmmemory.application.port.in.PagePosition(last.createdAt(), last.id());
            }
            List<String> sourceIds = memories.stream().flatMap(m -> m.sourceMessageIds().stream()).toList();
            List<RawMessage> raws = tx.rawMessages().findByIds(profile, sourceIds);
            assertThat(raws).hasSize(sourceIds.size());
            for (Memory m : memories) {
                assertThat(m.weight()).isEqualTo(m.sourceMessageIds().size());
            }
            long classified = raws.stream().filter(r -> r.outcome() != FeedbackOutcome.UNCLASSIFIED).count();
            assertThat(classified).isEqualTo(sourceIds.size());
            return null;
        });
    }

    private static Arbitrary<String> bodies() {
        Arbitrary<String> text = Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(60),
                Arbitraries.strings().withChars("OpenAI估值高以后少推可以推进本周在路上 赛道\n\t\"\\'").ofMaxLength(40),
                Arbitraries.of("OpenAI 估值高", "以后少推国内大模型", "Anthropic 可以推进", "本周在路上", ""));
        Arbitrary<String> value = Arbitraries.oneOf(
                text.map(HostileInputTest::json),
                Arbitraries.of("null", "true", "false", "0", "-1", "1e309", "NaN", "[]", "{}", "[\"a\"]",
                        "{\"a\": {\"b\": [1, 2, {}]}}", "\"2026-05-09T10:00:00Z\"", "\"explicit\"", "\"bot\""),
                Arbitraries.longs().map(l -> Long.toString(l)),
                Arbitraries.doubles().map(d -> Double.toString(d)));
        Arbitrary<String> key = Arbitraries.of("message", "message", "message", "created_at", "source",
                "session_id", "message_id", "weight", "", "__proto__", "mEssage");
        Arbitrary<String> field = Combinators.combine(key, value).as((k, v) -> json(k) + ": " + v);
        Arbitrary<String> object = field.list().ofMaxSize(5)
                .map(fields -> fields.stream().collect(Collectors.joining(", ", "{", "}")));
        Arbitrary<String> broken = Combinators.combine(object, Arbitraries.integers().between(0, 200),
                        Arbitraries.strings().all().ofMaxLength(3))
                .as((o, cut, junk) -> o.substring(0, Math.min(cut, o.length())) + junk);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, object),
                net.jqwik.api.Tuple.of(2, broken),
                net.jqwik.api.Tuple.of(1, Arbitraries.strings().all().ofMaxLength(100)),
                net.jqwik.api.Tuple.of(1, value));
    }

    /** A JSON string literal, escaping what JSON requires (control characters included). */
    static String json(String s) {
        StringBuilder b = new StringBuilder("\"");
        s.codePoints().forEach(c -> {
            if (c == '"' || c == '\\') {
                b.append('\\').appendCodePoint(c);
            } else if (c < 0x20 || (c >= 0xD800 && c <= 0xDFFF)) {
                b.append(String.format("\\u%04x", c));
            } else {
                b.appendCodePoint(c);
            }
        });
        return b.append('"').toString();
    }

    private io.restassured.response.ValidatableResponse post(String profile, String body) {
        return given().contentType(ContentType.JSON).body(body.getBytes(StandardCharsets.UTF_8))
                .when().post("/v1/profiles/{p}/feedback", profile).then();
    }

    private List<Long> count(String profile) {
        return store.read(tx -> List.of(tx.memories().countByProfile(profile), tx.rawMessages().countByProfile(profile)));
    }

    private static String abbreviate(String s) {
        return s.length() > 120 ? s.substring(0, 120) + "…" : s;
    }
}
