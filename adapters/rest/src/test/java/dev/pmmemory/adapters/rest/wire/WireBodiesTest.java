package dev.pmmemory.adapters.rest.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.adapters.rest.dto.ExperienceRequest;
import dev.pmmemory.adapters.rest.dto.TurnRequest;
import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.InvalidInputException.FieldError;
import dev.pmmemory.application.model.TurnRole;
import dev.pmmemory.application.port.in.CorrectMemoryCommand;
import dev.pmmemory.application.port.in.RecordExperienceCommand;
import dev.pmmemory.application.port.in.RecordFactCommand;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** The JSON bodies read in the REST adapter: each bad field named, at once, before any use case runs. */
class WireBodiesTest {
    private static final String P = "pm-body";

    private static List<String> badFields(ThrowingCallable call) {
        List<String> fields = new ArrayList<>();
        assertThatThrownBy(call).isInstanceOfSatisfying(InvalidInputException.class,
                e -> e.errors().stream().map(FieldError::field).forEach(fields::add));
        return fields;
    }

    private static Map<String, Object> fields(Object... kv) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void aCorrectionKeepsWhatItDoesNotNameAndANullExpiryMeansForever() {
        CorrectMemoryCommand c = CorrectionBody.read(P, "m-1", fields("expires_at", null), "pm", null);
        assertThat(c.content()).isEmpty();
        assertThat(c.type()).isEmpty();
        assertThat(c.expiry().expiresAt()).isNull();
        CorrectMemoryCommand t = CorrectionBody.read(P, "m-1", fields("type", "temp_status",
                "expires_at", "2026-07-01T00:00:00+08:00"), "pm", "agent 1");
        assertThat(t.type()).contains(MemoryType.TEMP_STATUS);
        assertThat(t.expiry().expiresAt()).isEqualTo(Instant.parse("2026-06-30T16:00:00Z"));
    }

    @Test
    void aBadCorrectionNamesEachField() {
        assertThat(badFields(() -> CorrectionBody.read(P, "m-1", fields("colour", "red"), "pm", null)))
                .containsExactly("colour");
        assertThat(badFields(() -> CorrectionBody.read(P, "m-1", fields("type", "gossip", "content", " "), "pm",
                null))).containsExactlyInAnyOrder("type", "content");
        assertThat(badFields(() -> CorrectionBody.read(P, "m-1", fields("type", "summary", "expires_at", 5), "pm",
                null))).containsExactlyInAnyOrder("type", "expires_at");
        assertThat(badFields(() -> CorrectionBody.read(P, "m-1", fields(), "pm", null))).containsExactly("body");
        assertThat(badFields(() -> CorrectionBody.read(P, "m-1", null, "pm", null))).containsExactly("body");
    }

    @Test
    void aFactTakesItsSourcesConfidenceUnlessOneIsGiven() {
        RecordFactCommand inferred = FactBody.read(P, "focus_stage", fields("value", "early", "source", "inferred"),
                "pm", null);
        assertThat(inferred.source()).isEqualTo(Source.INFERRED);
        assertThat(inferred.confidence()).isEqualTo(Source.INFERRED.confidence());
        RecordFactCommand given = FactBody.read(P, "regions", fields("value", List.of("overseas"), "confidence", 0.8,
                "valid_from", "2026-05-09T10:00:00Z"), "pm", null);
        assertThat(given.confidence()).isEqualTo(0.8);
        assertThat(given.validFrom()).isEqualTo(Instant.parse("2026-05-09T10:00:00Z"));
    }

    @Test
    void aBadFactNamesEachField() {
        assertThat(badFields(() -> FactBody.read(P, "focus_stage", fields("value", "early", "colour", "red"), "pm",
                null))).containsExactly("colour");
        assertThat(badFields(() -> FactBody.read(P, "focus_stage", fields("value", "early", "confidence", 1.5,
                "source", "rumour", "valid_from", "yesterday"), "pm", null)))
                .containsExactlyInAnyOrder("confidence", "source", "valid_from");
        assertThat(badFields(() -> FactBody.read(P, "Focus-Stage", fields(), "pm", null)))
                .containsExactlyInAnyOrder("attribute", "value");
    }

    @Test
    void anEntityBodyNamesAFieldOfTheWrongShape() {
        assertThat(EntityBody.read("星海图", fields("aliases", List.of("Galaxea"), "kind", "company"), "admin")
                .aliases()).containsExactly("Galaxea");
        assertThat(badFields(() -> EntityBody.read("星海图", fields("aliases", List.of("ok", 3), "kind", 1,
                "colour", "red"), "admin"))).containsExactlyInAnyOrder("aliases[1]", "kind", "colour");
    }

    @Test
    void aTurnNamesEveryBadFieldAtOnce() {
        assertThat(badFields(() -> new TurnRequest("robot", " ", "no/slash").toCommand("bad sid!")))
                .containsExactlyInAnyOrder("session_id", "role", "content", "profile_id");
        assertThat(badFields(() -> new TurnRequest(null, "x".repeat(4001), null).toCommand("s-1")))
                .containsExactlyInAnyOrder("role", "content");
        assertThat(new TurnRequest("system", "字".repeat(4000), null).toCommand("s-1").role())
                .isEqualTo(TurnRole.SYSTEM);
    }

    @Test
    void anExperienceNamesEveryBadFieldAtOnceAndDefaultsItsImportance() {
        assertThat(badFields(() -> new ExperienceRequest(" ", "x".repeat(201), null, 1.5, "yesterday")
                .toCommand("bad id"))).containsExactlyInAnyOrder("profile_id", "task", "outcome", "lesson",
                "importance", "created_at");
        RecordExperienceCommand c = new ExperienceRequest("t", "o", "l", null, "2026-05-09T18:00:00+08:00")
                .toCommand(P);
        assertThat(c.importance()).isEqualTo(RecordExperienceCommand.DEFAULT_IMPORTANCE);
        assertThat(c.createdAt()).isEqualTo(Instant.parse("2026-05-09T10:00:00Z"));
    }
}
