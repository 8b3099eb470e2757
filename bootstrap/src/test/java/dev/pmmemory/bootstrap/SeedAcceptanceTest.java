package dev.pmmemory.bootstrap;

import static dev.pmmemory.bootstrap.Api.context;
import static dev.pmmemory.bootstrap.Api.feedback;
import static dev.pmmemory.bootstrap.Api.memories;
import static dev.pmmemory.bootstrap.Api.memory;
import static dev.pmmemory.bootstrap.Api.newProfile;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The seven acceptance cases of rules.md §11, black-box over REST. */
@QuarkusTest
class SeedAcceptanceTest {

    @Test
    void profileIsolation_feedbackOfOneProfileNeverComesBackForAnother() {
        String a = newProfile("iso-a");
        String b = newProfile("iso-b");
        feedback(a, "OpenAI 估值高").statusCode(201);
        feedback(a, "以后少推国内大模型").statusCode(201);

        context(b, Map.of("query", "OpenAI 估值", "limit", 50)).statusCode(200).body("items", hasSize(0));
        memories(b, Map.of()).statusCode(200).body("items", hasSize(0));
        context(a, Map.of("query", "OpenAI 估值")).statusCode(200).body("items.content", hasItem("OpenAI 估值高"));
    }

    @Test
    void longTermPreferenceIsRecalledEvenForAnUnrelatedQuery() {
        String p = newProfile("pref");
        feedback(p, "以后少推国内大模型，我更倾向海外早期项目").statusCode(201)
                .body("memory.type", equalTo("long_term_preference"));
        feedback(p, "OpenAI 估值高").statusCode(201);
        feedback(p, "Mistral AI 估值高").statusCode(201);
        feedback(p, "Cohere 估值高").statusCode(201);

        // Three negatives match the query, the preference does not: it is still carried.
        context(p, Map.of("query", "估值高", "limit", 3)).statusCode(200)
                .body("items", hasSize(3))
                .body("items.type", hasItem("long_term_preference"));
        context(p, Map.of("query", "今天天气怎么样", "limit", 1)).statusCode(200)
                .body("items.type", contains("long_term_preference"))
                .body("items[0].factors.keyword_match", equalTo(0.3f));
    }

    @Test
    void queryNamingAnEntityFindsTheNegativeFeedbackAboutIt() {
        String p = newProfile("entity");
        feedback(p, "本周在路上").statusCode(201);
        feedback(p, "Anthropic 可以推进").statusCode(201);
        feedback(p, "OpenAI 估值高").statusCode(201);

        context(p, Map.of("query", "OpenAI", "limit", 1)).statusCode(200)
                .body("items[0].content", equalTo("OpenAI 估值高"))
                .body("items[0].type", equalTo("project_negative"))
                .body("items[0].entities", contains("OpenAI"));
    }

    @Test
    void sameFeedbackTenTimesIsOneMemoryOfWeightTen() {
        String p = newProfile("dedup");
        feedback(p, "OpenAI 估值高").statusCode(201).body("outcome", equalTo("created"));
        for (int i = 0; i < 8; i++) {
            feedback(p, "OpenAI 估值高").statusCode(200).body("outcome", equalTo("deduplicated"));
        }
        // Punctuation, case and spacing do not make a different memory.
        feedback(p, "openai估值高！").statusCode(200).body("outcome", equalTo("deduplicated"))
                .body("memory.weight", equalTo(10))
                .body("memory.source_message_ids", hasSize(10));

        memories(p, Map.of()).statusCode(200)
                .body("items", hasSize(1))
                .body("items[0].weight", equalTo(10));
    }

    @Test
    void tempStatusReadTenDaysLaterHasExpired() {
        String p = newProfile("ttl");
        feedback(p, "本周在路上", "2026-05-09T10:00:00Z").statusCode(201)
                .body("memory.type", equalTo("temp_status"))
                .body("memory.expires_at", equalTo("2026-05-12T10:00:00Z"));

        context(p, Map.of("query", "在路上", "as_of", "2026-05-10T10:00:00Z")).statusCode(200)
                .body("items.content", hasItem("本周在路上"));
        context(p, Map.of("query", "在路上", "as_of", "2026-05-19T10:00:00Z")).statusCode(200)
                .body("items.content", not(hasItem("本周在路上")));
    }

    @Test
    void advanceThenNegativeOnTheSameEntitySupersedesTheAdvance() {
        String p = newProfile("conflict");
        Instant said = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(2, ChronoUnit.DAYS);
        Instant reversed = said.plus(1, ChronoUnit.DAYS);
        String advance = feedback(p, "Anthropic 可以推进", said.toString()).statusCode(201)
                .body("memory.type", equalTo("project_advance"))
                .extract().path("memory.id");
        String negative = feedback(p, "Anthropic 商业化弱", reversed.toString()).statusCode(201)
                .body("memory.type", equalTo("project_negative"))
                .body("superseded", contains(advance))
                .extract().path("memory.id");

        memory(p, advance).statusCode(200)
                .body("status", equalTo("superseded"))
                .body("superseded_by", equalTo(negative))
                .body("valid_until", equalTo(reversed.toString()))
                .body("versions.id", contains(advance, negative))
                .body("audit_events.kind", hasItem("memory_superseded"));
        memory(p, negative).statusCode(200).body("status", equalTo("active")).body("superseded_by", nullValue());
        context(p, Map.of("query", "Anthropic")).statusCode(200)
                .body("items.id", contains(negative));
        // Before the reversal the bot knew the advance: as_of reads history.
        context(p, Map.of("query", "Anthropic", "as_of", said.plus(1, ChronoUnit.HOURS).toString())).statusCode(200)
                .body("items.id", contains(advance));
    }

    @Test
    void callerCreatedAtIsKeptAndDrivesRecencyOrdering() {
        String p = newProfile("recency");
        feedback(p, "OpenAI 估值高", "2026-04-10T08:00:00Z").statusCode(201)
                .body("memory.created_at", equalTo("2026-04-10T08:00:00Z"))
                .body("memory.last_seen_at", equalTo("2026-04-10T08:00:00Z"));
        feedback(p, "Cohere 估值高", "2026-04-29T08:00:00Z").statusCode(201);

        List<String> order = context(p, Map.of("query", "估值高", "as_of", "2026-04-30T08:00:00Z"))
                .statusCode(200).extract().path("items.content");
        assertThat(order).containsExactly("Cohere 估值高", "OpenAI 估值高");
        float older = context(p, Map.of("query", "估值高", "as_of", "2026-04-30T08:00:00Z"))
                .extract().path("items[1].factors.recency_decay");
        assertThat((double) older).isCloseTo(Math.exp(-20.0 / 30), org.assertj.core.data.Offset.offset(1e-4));

        // Same texts, dates swapped: the order follows the dates, not the texts.
        String q = newProfile("recency-swapped");
        feedback(q, "OpenAI 估值高", "2026-04-29T08:00:00Z").statusCode(201);
        feedback(q, "Cohere 估值高", "2026-04-10T08:00:00Z").statusCode(201);
        List<String> swapped = context(q, Map.of("query", "估值高", "as_of", "2026-04-30T08:00:00Z"))
                .statusCode(200).extract().path("items.content");
        assertThat(swapped).containsExactly("OpenAI 估值高", "Cohere 估值高");
    }
}
