package dev.pmmemory.adapters.rest.profiledata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.in.ProfileData;
import dev.pmmemory.domain.fact.Fact;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** An import body: every bad field named by its path, so that nothing is stored from a document not wholly valid. */
class ImportDocumentReaderTest {
    private static final String P = "pm-rights";
    private static final String OTHER = "pm-rights-other";
    private static final String ADMIN = "ops-admin-key";
    // as the service binds bodies (application.properties: snake_case names)
    private static final ObjectMapper JSON = new ObjectMapper()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    private static ProfileData read(Map<String, Object> document) {
        return ImportDocumentReader.read(P, JSON.convertValue(document, ImportDocument.class));
    }

    private static Map<String, Object> document(Object... extra) {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("format_version", 1);
        d.put("profile_id", P);
        d.put("exported_at", "2026-06-15T08:00:00Z");
        d.put("raw_messages", List.of());
        d.put("memories", List.of());
        d.put("audit_events", List.of());
        d.put("experiences", List.of());
        d.put("facts", List.of());
        for (int i = 0; i < extra.length; i += 2) {
            d.put((String) extra[i], extra[i + 1]);
        }
        return d;
    }

    private static List<String> fieldsNamed(Map<String, Object> document) {
        try {
            read(document);
        } catch (InvalidInputException e) {
            return e.errors().stream().map(InvalidInputException.FieldError::field).toList();
        }
        throw new AssertionError("the document was accepted");
    }

    @Test
    void aDocumentOfAnotherFormatVersionIsRefusedNamingTheField() {
        assertThat(fieldsNamed(document("format_version", 2))).containsExactly("format_version");
        Map<String, Object> none = document();
        none.remove("format_version");
        assertThat(fieldsNamed(none)).containsExactly("format_version");
    }

    @Test
    void aMalformedDocumentIsRefusedNamingEveryBadField() {
        Map<String, Object> memory = new HashMap<>();
        memory.put("id", "m1");
        memory.put("type", "no_such_type");
        memory.put("content", "Mistral 估值高");
        memory.put("normalized_content", "mistral 估值高");
        memory.put("entities", List.of("Mistral"));
        memory.put("keywords", List.of("mistral"));
        memory.put("weight", 0);
        memory.put("status", "active");
        memory.put("source", "explicit");
        memory.put("created_at", "yesterday");
        memory.put("last_seen_at", "2026-06-15T08:00:00Z");
        memory.put("superseded_entity_keys", List.of());
        memory.put("source_message_ids", List.of());
        memory.put("colour", "red");

        List<String> fields = fieldsNamed(document("profile_id", OTHER, "memories", List.of(memory),
                "raw_messages", null, "audit_events", java.util.Arrays.asList((Object) null), "surprise", true));

        assertThat(fields).containsExactlyInAnyOrder("profile_id", "memories[0].type", "memories[0].weight",
                "memories[0].created_at", "memories[0].colour", "raw_messages", "audit_events[0]", "surprise");
    }

    @Test
    void aValueOfTheWrongJsonTypeIsRefusedByTheBindingNamingItsPath() {
        for (Object[] wrong : new Object[][] {{"raw_messages", "none", "raw_messages"},
                {"audit_events", List.of("x"), "audit_events[0]"},
                {"memories", List.of(Map.of("weight", List.of())), "memories[0].weight"},
                {"memories", List.of(Map.of("weight", 1.5)), "memories[0].weight"},
                {"memories", List.of(Map.of("weight", "1")), "memories[0].weight"},
                {"format_version", "1", "format_version"}}) {
            assertThatThrownBy(() -> JSON.readValue(JSON.writeValueAsString(document(wrong[0], wrong[1])),
                    ImportDocument.class))
                    .isInstanceOfSatisfying(MismatchedInputException.class, e -> assertThat(e.getPath().stream()
                            .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                            .collect(Collectors.joining(".")).replace(".[", "[")).isEqualTo(wrong[2]));
        }
    }

    private static Map<String, Object> experienceItem(String id) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("id", id);
        x.put("task", "t");
        x.put("outcome", "o");
        x.put("lesson", "l");
        x.put("importance", 0.5);
        x.put("keywords", List.of("k"));
        x.put("created_at", "2026-06-15T08:00:00Z");
        return x;
    }

    private static Map<String, Object> rawItem(String id, String memoryId) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("id", id);
        r.put("message_id", null);
        r.put("session_id", null);
        r.put("source", "explicit");
        r.put("content", "Mistral 估值高");
        r.put("created_at", "2026-06-15T08:00:00Z");
        r.put("received_at", "2026-06-15T08:00:00Z");
        r.put("outcome", memoryId == null ? "unclassified" : "created");
        r.put("memory_id", memoryId);
        r.put("superseded_ids", List.of());
        r.put("redactions", List.of());
        return r;
    }

    @Test
    void aDocumentRepeatingAnIdIsRefusedNamingTheRepeat() {
        assertThat(fieldsNamed(document("experiences", List.of(experienceItem("x1"), experienceItem("x2"),
                experienceItem("x1"))))).containsExactly("experiences[2].id");
        assertThat(fieldsNamed(document("raw_messages", List.of(rawItem("r1", null), rawItem("r1", null)))))
                .containsExactly("raw_messages[1].id");
    }

    @Test
    void aRawMessageOfAMemoryNotInTheDocumentIsRefusedNamingItsMemoryId() {
        assertThat(fieldsNamed(document("raw_messages", List.of(rawItem("r1", null), rawItem("r2", "m-elsewhere")))))
                .containsExactly("raw_messages[1].memory_id");
    }

    @Test
    void aValidDocumentReadsBackItsValues() {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("id", "a1");
        event.put("memory_id", "m1");
        event.put("raw_message_id", null);
        event.put("kind", "memory_corrected");
        event.put("detail", "fields=content");
        event.put("at", "2026-06-15T08:00:00.123Z");
        event.put("actor", ADMIN);
        Map<String, Object> before = new LinkedHashMap<>();
        before.put("content", "旧 \"x\"\n");
        before.put("expires_at", null);
        event.put("before", before);
        event.put("after", null);

        ProfileData data = read(document("audit_events", List.of(event)));

        assertThat(data.auditEvents()).containsExactly(new AuditEvent("a1", P, "m1", null,
                AuditKind.MEMORY_CORRECTED, "fields=content", Instant.parse("2026-06-15T08:00:00.123Z"), ADMIN,
                "{\"content\":\"旧 \\\"x\\\"\\n\",\"expires_at\":null}", null));
    }

    private static Map<String, Object> fact(Object... kv) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("id", "f1");
        f.put("attribute", "focus_stage");
        f.put("value", Map.of("stage", "early", "ratio", 0.5));
        f.put("confidence", 1.0);
        f.put("source", "explicit");
        f.put("valid_from", "2026-06-01T00:00:00Z");
        f.put("valid_until", null);
        f.put("supersedes", null);
        f.put("recorded_at", "2026-06-01T00:00:01.250Z");
        f.put("recorded_by", ADMIN);
        for (int i = 0; i < kv.length; i += 2) {
            f.put((String) kv[i], kv[i + 1]);
        }
        return f;
    }

    @Test
    void aDocumentsFactsReadBackAsStored() {
        Map<String, Object> closed = fact("valid_until", "2026-06-10T00:00:00Z");
        Map<String, Object> current = fact("id", "f2", "value", "growth", "confidence", 0.5, "source", "inferred",
                "valid_from", "2026-06-10T00:00:00Z", "supersedes", "f1");

        ProfileData data = read(document("facts", List.of(closed, current)));

        assertThat(data.facts()).containsExactly(
                new Fact("f1", P, "focus_stage", "{\"ratio\":0.5,\"stage\":\"early\"}", 1.0,
                        dev.pmmemory.domain.memory.Source.EXPLICIT, Instant.parse("2026-06-01T00:00:00Z"),
                        Instant.parse("2026-06-10T00:00:00Z"), null, Instant.parse("2026-06-01T00:00:01.250Z"), ADMIN),
                new Fact("f2", P, "focus_stage", "\"growth\"", 0.5, dev.pmmemory.domain.memory.Source.INFERRED,
                        Instant.parse("2026-06-10T00:00:00Z"), null, "f1", Instant.parse("2026-06-01T00:00:01.250Z"),
                        ADMIN));
    }

    @Test
    void aDocumentsBadFactsAreRefusedNamingEveryBadField() {
        List<String> fields = fieldsNamed(document("facts", List.of(
                fact("valid_from", "yesterday", "confidence", 2, "colour", "red"),
                fact("id", "f2", "attribute", "Focus Stage", "value", List.of(), "source", "rumour",
                        "recorded_at", null, "recorded_by", ""),
                fact("id", "f3", "valid_from", "2026-06-10T00:00:00Z", "valid_until", "2026-06-09T00:00:00Z"))));

        assertThat(fields).containsExactlyInAnyOrder("facts[0].valid_from", "facts[0].confidence",
                "facts[0].colour", "facts[1].attribute", "facts[1].value", "facts[1].source",
                "facts[1].recorded_at", "facts[1].recorded_by", "facts[2].valid_until");
    }

    @Test
    void aDocumentsFactVersionsMustHoldTogether() {
        // two open versions of one attribute; a supersedes pointing outside the document, to another
        // attribute, and a version followed twice; a repeated id
        List<String> fields = fieldsNamed(document("facts", List.of(
                fact(),
                fact("id", "f2", "valid_from", "2026-06-02T00:00:00Z", "supersedes", "f1"),
                fact("id", "f3", "attribute", "regions", "valid_until", "2026-06-03T00:00:00Z", "supersedes", "nope"),
                fact("id", "f4", "attribute", "regions", "supersedes", "f1"),
                fact("id", "f5", "valid_until", "2026-06-04T00:00:00Z", "supersedes", "f1"),
                fact("id", "f5", "attribute", "sectors"))));

        assertThat(fields).containsExactlyInAnyOrder("facts[1].valid_until", "facts[2].supersedes",
                "facts[3].supersedes", "facts[4].supersedes", "facts[5].id");
    }

    private static Map<String, Object> memory(Object... extra) {
        Map<String, Object> m = new HashMap<>();
        m.put("id", "m-derived");
        m.put("type", "long_term_preference");
        m.put("content", "对高估值敏感");
        m.put("normalized_content", "对高估值敏感");
        m.put("entities", List.of());
        m.put("keywords", List.of("估值"));
        m.put("weight", 1);
        m.put("status", "active");
        m.put("source", "inferred");
        m.put("created_at", "2026-06-01T00:00:00Z");
        m.put("last_seen_at", "2026-06-01T00:00:00Z");
        m.put("superseded_entity_keys", List.of());
        m.put("source_message_ids", List.of());
        for (int i = 0; i < extra.length; i += 2) {
            m.put((String) extra[i], extra[i + 1]);
        }
        return m;
    }

    @Test
    void aMemorysRecallCountAndDerivationAreReadBackAndAbsentMeansNone() {
        ProfileData data = read(document("memories", List.of(memory("recall_count", 3,
                "last_recalled_at", "2026-06-10T08:00:00Z", "derivation", Map.of("rule", "valuation_sensitive",
                        "rationale", "估值太高 about 4 companies in 60 days", "evidence", List.of("m1", "m2"))))));
        var m = data.memories().get(0);
        assertThat(m.recall().count()).isEqualTo(3);
        assertThat(m.recall().lastRecalledAt()).isEqualTo(Instant.parse("2026-06-10T08:00:00Z"));
        assertThat(m.derivation().rule()).isEqualTo("valuation_sensitive");
        assertThat(m.derivation().evidence()).containsExactly("m1", "m2");
        var older = read(document("memories", List.of(memory()))).memories().get(0);
        assertThat(older.recall().never()).as("an export from before recalls were counted").isTrue();
        assertThat(older.derivation()).isNull();
    }

    @Test
    void aBadRecallCountOrDerivationIsNamedByItsPath() {
        assertThat(fieldsNamed(document("memories", List.of(memory("recall_count", 2)))))
                .containsExactly("memories[0].last_recalled_at");
        assertThat(fieldsNamed(document("memories", List.of(memory("recall_count", -1)))))
                .containsExactly("memories[0].recall_count");
        assertThat(fieldsNamed(document("memories", List.of(memory("derivation", Map.of("rule", " ",
                "rationale", "x", "evidence", List.of("m1"), "colour", "red"))))))
                .containsExactlyInAnyOrder("memories[0].derivation.rule", "memories[0].derivation.colour");
    }
}
