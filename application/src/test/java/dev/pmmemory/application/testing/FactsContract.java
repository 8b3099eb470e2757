package dev.pmmemory.application.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.InvalidInputException.FieldError;
import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.StateConflictException;
import dev.pmmemory.application.port.in.FactCommand;
import dev.pmmemory.application.port.in.FactsQuery;
import dev.pmmemory.application.port.in.RecordedFact;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.service.FactBook;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Source;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Structured facts (issue 10 part 4, rules.md §8) on a store: the repository methods through the
 * port, and the {@link FactBook} use case wired on the store. Run by {@link MemoryStoreContract} on
 * every store (a nested class), so each case holds on SQLite and PostgreSQL alike.
 */
public abstract class FactsContract {
    private static final String P = "pm-facts";
    private static final String OTHER = "pm-facts-other";
    private static final String PM = "pm-zhang-key";
    private static final Instant MAY1 = Instant.parse("2026-05-01T08:00:00Z");
    private final MutableClock clock = new MutableClock(MAY1);
    private FactBook facts;

    /** The store under test, fresh and empty. */
    protected abstract MemoryStore store();

    @BeforeEach
    void wireTheUseCase() {
        facts = UseCases.factBook(store(), clock);
    }

    // --- helpers ---------------------------------------------------------------------------------

    private static Map<String, Object> body(Object... kv) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    private RecordedFact put(String attribute, Object value) {
        return facts.record(TestCommands.fact(P, attribute, body("value", value), PM));
    }

    private RecordedFact put(String profile, String attribute, Map<String, Object> body) {
        return facts.record(TestCommands.fact(profile, attribute, body, PM));
    }

    private List<Fact> validAt(Instant t) {
        return facts.validAt(new FactsQuery(P, null, t)).facts();
    }

    private List<Fact> history(String attribute) {
        return facts.history(new FactsQuery(P, attribute, null));
    }

    private List<AuditEvent> events() {
        return store().read(tx -> tx.auditTrail().newestFirst(P, null, null, 1000));
    }

    private long count(String profile) {
        return store().read(tx -> tx.facts().countByProfile(profile));
    }

    private java.util.Optional<Fact> latest(String attribute) {
        return store().read(tx -> tx.facts().latest(P, attribute));
    }

    private List<Fact> storedHistory(String attribute) {
        return store().read(tx -> tx.facts().history(P, attribute));
    }

    private List<Fact> allVersions() {
        return store().read(tx -> tx.facts().allVersions(P));
    }

    private record Snapshot(List<Fact> facts, List<AuditEvent> events) {
    }

    private Snapshot snapshot() {
        return store().read(tx -> new Snapshot(tx.facts().allVersions(P), tx.auditTrail().newestFirst(P, null, null,
                1000)));
    }

    private static Fact version(String id, String attribute, String value, Instant from, String supersedes) {
        return new Fact(id, P, attribute, value, 0.5, Source.INFERRED, from, null, supersedes, from.plusSeconds(1),
                PM);
    }

    // --- repository methods ----------------------------------------------------------------------

    @Test
    void everyFieldOfAVersionSurvivesTheRoundTrip_andClosingSetsOnlyValidUntil() {
        Fact first = version("f-1", "regions", "[\"overseas\",\"东南亚\"]", MAY1, null);
        store().write(P, tx -> {
            tx.facts().insert(first);
            return null;
        });
        assertThat(latest("regions")).contains(first);

        Instant closedAt = MAY1.plus(Duration.ofDays(3)).plusMillis(7);
        store().write(P, tx -> {
            tx.facts().close(P, "f-1", closedAt);
            return null;
        });

        assertThat(storedHistory("regions")).containsExactly(first.closedAt(closedAt));
        assertThat(count(P)).isEqualTo(1);
        assertThat(count(OTHER)).isZero();
    }

    @Test
    void aSecondOpenVersionOfOneAttributeIsRefusedByTheStore() {
        store().write(P, tx -> {
            tx.facts().insert(version("f-1", "focus_stage", "\"early\"", MAY1, null));
            return null;
        });

        assertThatThrownBy(() -> store().write(P, tx -> {
            tx.facts().insert(version("f-2", "focus_stage", "\"growth\"", MAY1.plusSeconds(60), "f-1"));
            return null;
        })).isInstanceOf(RuntimeException.class);
        assertThat(allVersions()).extracting(Fact::id).containsExactly("f-1");
    }

    @Test
    void latestIsTheVersionNothingSupersedes_evenWhenTwoStartAtOneInstant() {
        store().write(P, tx -> {
            tx.facts().insert(version("f-b", "stage", "1", MAY1, null).closedAt(MAY1));
            tx.facts().insert(version("f-a", "stage", "2", MAY1, "f-b"));
            return null;
        });

        assertThat(latest("stage")).map(Fact::id).contains("f-a");
        assertThat(latest("unknown")).isEmpty();
    }

    @Test
    void allVersionsListsEveryAttributeOldestFirst_forTheExport() {
        clock.set(MAY1);
        put("regions", List.of("overseas"));
        put("focus_stage", "early");
        clock.advance(Duration.ofDays(1));
        put("focus_stage", "growth");
        put(OTHER, "focus_stage", body("value", "seed"));

        List<Fact> all = allVersions();

        assertThat(all).extracting(Fact::attribute, Fact::value).containsExactly(
                org.assertj.core.groups.Tuple.tuple("focus_stage", "\"early\""),
                org.assertj.core.groups.Tuple.tuple("focus_stage", "\"growth\""),
                org.assertj.core.groups.Tuple.tuple("regions", "[\"overseas\"]"));
    }

    // --- the use case: versions ------------------------------------------------------------------

    @Test
    void aNewValueClosesTheOldVersionWhereTheNewOneStarts_andLinksToIt() {
        RecordedFact first = put("focus_stage", "early");
        clock.advance(Duration.ofDays(8));
        RecordedFact second = put("focus_stage", "growth");

        assertThat(first.created()).isTrue();
        assertThat(second.created()).isTrue();
        assertThat(second.fact().supersedes()).isEqualTo(first.fact().id());
        assertThat(second.closed()).map(Fact::validUntil).contains(second.fact().validFrom());
        assertThat(history("focus_stage")).extracting(Fact::value, Fact::validFrom, Fact::validUntil).containsExactly(
                org.assertj.core.groups.Tuple.tuple("\"early\"", MAY1, MAY1.plus(Duration.ofDays(8))),
                org.assertj.core.groups.Tuple.tuple("\"growth\"", MAY1.plus(Duration.ofDays(8)), null));
        assertThat(validAt(MAY1.plus(Duration.ofDays(3)))).extracting(Fact::value).containsExactly("\"early\"");
        assertThat(validAt(MAY1.plus(Duration.ofDays(8)))).extracting(Fact::value).containsExactly("\"growth\"");
        assertThat(validAt(MAY1.minusMillis(1))).isEmpty();
    }

    @Test
    void theSameValueAgainChangesNothing_noVersionNoAuditEvent_evenWrittenDifferently() {
        put("ticket_size_usd_m", List.of(2, 5));
        Snapshot before = snapshot();
        clock.advance(Duration.ofDays(2));

        RecordedFact again = put("ticket_size_usd_m", List.of(2.0, new java.math.BigDecimal("5.00")));

        assertThat(again.created()).isFalse();
        assertThat(again.fact()).isEqualTo(before.facts().get(0));
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void validFromIsOptional_andAnEarlierOneThanTheCurrentVersionsIsAConflictThatChangesNothing() {
        Instant may9 = Instant.parse("2026-05-09T10:00:00Z");
        clock.set(Instant.parse("2026-05-20T00:00:00Z"));
        RecordedFact first = put(P, "focus_stage", body("value", "early", "valid_from", may9.toString()));
        assertThat(first.fact().validFrom()).isEqualTo(may9);
        Snapshot before = snapshot();

        assertThatThrownBy(() -> put(P, "focus_stage", body("value", "growth", "valid_from", "2026-05-01T00:00:00Z")))
                .isInstanceOf(StateConflictException.class).hasMessageContaining("valid_from");
        assertThatThrownBy(() -> put(P, "focus_stage", body("value", "growth", "valid_from", may9.toString())))
                .isInstanceOf(StateConflictException.class);
        assertThat(snapshot()).isEqualTo(before);

        RecordedFact now = put("focus_stage", "growth");
        assertThat(now.fact().validFrom()).isEqualTo(clock.instant());
    }

    @Test
    void factsNeverExpire() {
        put("regions", List.of("overseas"));

        assertThat(validAt(MAY1.plus(Duration.ofDays(3650)))).extracting(Fact::attribute).containsExactly("regions");
    }

    @Test
    void confidenceAndSourceAreKept_andConfidenceDefaultsToTheSources() {
        RecordedFact inferred = put(P, "focus_stage", body("value", "early", "source", "inferred"));
        RecordedFact given = put(P, "regions", body("value", "overseas", "source", "bot", "confidence", 0.8));

        assertThat(inferred.fact().source()).isEqualTo(Source.INFERRED);
        assertThat(inferred.fact().confidence()).isEqualTo(0.5);
        assertThat(given.fact().confidence()).isEqualTo(0.8);
        assertThat(given.fact().recordedBy()).isEqualTo(PM);
    }

    @Test
    void aSecretInAValueIsNeverStored() {
        RecordedFact r = put("contact", java.util.Map.of("phone", "手机 13812345678", "note", "ok"));

        assertThat(r.redactions()).contains("mobile_number");
        assertThat(snapshot().toString()).doesNotContain("13812345678");
        assertThat(r.fact().value()).contains("[REDACTED:mobile_number]");
    }

    @Test
    void profilesAreIsolated() {
        put("focus_stage", "early");

        assertThat(facts.validAt(new FactsQuery(OTHER, null, null)).facts()).isEmpty();
        assertThatThrownBy(() -> facts.history(new FactsQuery(OTHER, "focus_stage", null)))
                .isInstanceOf(NotFoundException.class);
    }

    // --- the use case: closing -------------------------------------------------------------------

    @Test
    void closingEndsTheCurrentVersionNow_keepsTheHistory_andAPutAfterwardsStartsAgain() {
        RecordedFact first = put("focus_stage", "early");
        clock.advance(Duration.ofDays(5));

        Fact closed = facts.close(new FactCommand(P, "focus_stage", PM));

        assertThat(closed.validUntil()).isEqualTo(clock.instant());
        assertThat(validAt(clock.instant())).isEmpty();
        assertThat(validAt(MAY1.plus(Duration.ofDays(1)))).extracting(Fact::id).containsExactly(first.fact().id());
        assertThatThrownBy(() -> facts.one(new FactsQuery(P, "focus_stage", null)))
                .isInstanceOf(NotFoundException.class);

        clock.advance(Duration.ofDays(1));
        RecordedFact again = put("focus_stage", "early");
        assertThat(again.created()).isTrue();
        assertThat(again.fact().supersedes()).isEqualTo(first.fact().id());
        assertThat(history("focus_stage")).hasSize(2);
    }

    @Test
    void closingAnUnknownAttributeIsNotFound_andClosingTwiceIsAConflict_neitherChangesAnything() {
        assertThatThrownBy(() -> facts.close(new FactCommand(P, "nothing_here", PM)))
                .isInstanceOf(NotFoundException.class);
        put("focus_stage", "early");
        clock.advance(Duration.ofHours(1));
        facts.close(new FactCommand(P, "focus_stage", PM));
        Snapshot before = snapshot();

        assertThatThrownBy(() -> facts.close(new FactCommand(P, "focus_stage", PM)))
                .isInstanceOf(StateConflictException.class);
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void everyChangeIsAnAuditEventWithActorTimeBeforeAndAfter() {
        RecordedFact first = put("focus_stage", "early");
        clock.advance(Duration.ofDays(1));
        RecordedFact second = put("focus_stage", "growth");
        clock.advance(Duration.ofDays(1));
        facts.close(new FactCommand(P, "focus_stage", PM));

        List<AuditEvent> events = events(); // newest first
        assertThat(events).extracting(AuditEvent::kind).containsExactly(AuditKind.FACT_CLOSED,
                AuditKind.FACT_RECORDED, AuditKind.FACT_RECORDED);
        assertThat(events).extracting(AuditEvent::actor).containsOnly(PM);
        assertThat(events.get(2).before()).isNull();
        assertThat(events.get(2).after()).contains("\\\"early\\\"").contains(first.fact().id());
        assertThat(events.get(1).at()).isEqualTo(MAY1.plus(Duration.ofDays(1)));
        assertThat(events.get(1).before()).contains(first.fact().id()).contains("\"valid_until\":null");
        assertThat(events.get(1).after()).contains(second.fact().id()).contains("growth");
        assertThat(events.get(0).before()).contains("\"valid_until\":null");
        assertThat(events.get(0).after()).contains("\"valid_until\":\"" + MAY1.plus(Duration.ofDays(2)) + "\"");
        assertThat(events.get(0).detail()).contains("attribute=focus_stage");
    }

    // --- bad input -------------------------------------------------------------------------------

    @Test
    void badInputNamesTheFieldAndStoresNothing() {
        assertThat(fieldsOf(() -> put(P, "Focus-Stage", body("value", "early")))).containsExactly("attribute");
        assertThat(fieldsOf(() -> put(P, "focus_stage", body("value", "  ")))).containsExactly("value");
        assertThat(fieldsOf(() -> put(P, "focus_stage", body("value", List.of())))).containsExactly("value");
        assertThat(fieldsOf(() -> put(P, "focus_stage", body("value", Map.of())))).containsExactly("value");
        assertThat(fieldsOf(() -> put(P, "focus_stage", body()))).containsExactly("value");
        assertThat(fieldsOf(() -> put(P, "focus_stage", body("value", "early", "confidence", 1.5))))
                .containsExactly("confidence");
        assertThat(fieldsOf(() -> put(P, "focus_stage", body("value", "a\u0000b")))).containsExactly("value");
        assertThat(fieldsOf(() -> put(P, "focus_stage", body("value", "x".repeat(5000))))).containsExactly("value");

        assertThat(count(P)).isZero();
        assertThat(events()).isEmpty();
    }

    private static List<String> fieldsOf(Runnable call) {
        try {
            call.run();
        } catch (InvalidInputException e) {
            return e.errors().stream().map(FieldError::field).toList();
        }
        throw new AssertionError("no InvalidInputException");
    }
}
