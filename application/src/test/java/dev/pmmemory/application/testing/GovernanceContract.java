package dev.pmmemory.application.testing;

import dev.pmmemory.domain.recall.RecallWindow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.StateConflictException;
import dev.pmmemory.application.port.in.AuditPage;
import dev.pmmemory.application.port.in.AuditQuery;
import dev.pmmemory.application.port.in.EntityHistory;
import dev.pmmemory.application.port.in.EntityHistory.StatusChange;
import dev.pmmemory.application.port.in.EntityHistoryQuery;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.in.MemoryActionCommand;
import dev.pmmemory.application.port.in.MemoryChange;
import dev.pmmemory.application.port.in.MessagePage;
import dev.pmmemory.application.port.in.MessagesQuery;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.service.HistoryQueries;
import dev.pmmemory.application.service.MemoryCorrections;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Correction, settlement and history (issue 10 parts 2 and 3) on a store: the repository methods
 * they need through the port, and the use cases wired on the store. Run by {@link MemoryStoreContract}
 * on every store (a nested class), so each case holds on SQLite and PostgreSQL alike.
 */
public abstract class GovernanceContract {
    private static final String P = "pm-gov";
    private static final String OTHER = "pm-gov-other";
    private static final String PM = "pm-zhang-key";
    private final Instant today = Instant.parse("2026-06-15T08:00:00Z");
    private final MutableClock clock = new MutableClock(today);
    private FeedbackIntake intake;
    private MemoryCorrections corrections;
    private HistoryQueries history;

    /** The store under test, fresh and empty. */
    protected abstract MemoryStore store();

    @BeforeEach
    void wireTheUseCases() {
        intake = UseCases.feedbackIntake(store(), clock);
        corrections = UseCases.memoryCorrections(store(), clock);
        history = UseCases.historyQueries(store(), clock);
    }

    // --- helpers ---------------------------------------------------------------------------------

    private String add(String text, Instant at) {
        return add(text, at, Source.EXPLICIT);
    }

    private String add(String text, Instant at, Source source) {
        FeedbackResult r = intake.add(UseCases.feedback(P, text, at, source));
        return r.memory().orElseThrow().memory().id();
    }

    private Memory stored(String id) {
        return store().read(tx -> tx.memories().findById(P, id)).orElseThrow();
    }

    private List<AuditEvent> events(String memoryId) {
        return store().read(tx -> tx.auditTrail().forMemory(P, memoryId));
    }

    private List<Memory> visibleAt(Instant t) {
        return store().read(tx -> tx.memories().findVisible(P, t));
    }

    private List<Memory> visibleAbout(String entityKey) {
        return store().read(tx -> tx.memories().findVisibleAbout(P, RecallWindow.present(clock.instant()), entityKey));
    }

    private MemoryActionCommand action(String id) {
        return new MemoryActionCommand(P, id, PM);
    }

    /** Everything stored for the profile, to show that a refused call changed nothing. */
    private record Snapshot(List<Memory> memories, List<RawMessage> messages, List<AuditEvent> events) {
    }

    private Snapshot snapshot() {
        return store().read(tx -> new Snapshot(
                tx.memories().list(new MemoryListQuery(P, null, null, null, null, 1000, today)),
                tx.rawMessages().newestFirst(P, null, null, 1000),
                tx.auditTrail().newestFirst(P, null, null, 1000)));
    }

    private static Map<String, Object> fields(Object... kv) {
        Map<String, Object> m = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    // --- repository methods ----------------------------------------------------------------------

    @Test
    void auditEventsKeepTheirActorAndBeforeAndAfter() {
        AuditEvent byPm = new AuditEvent("ev-1", P, "m1", null, AuditKind.MEMORY_DELETED, "soft delete", today, PM,
                "{\"status\":\"active\"}", "{\"status\":\"deleted\"}");
        AuditEvent bySystem = new AuditEvent("ev-2", P, "m1", "r1", AuditKind.MEMORY_CREATED, "type=x", today);
        store().write(P, tx -> {
            tx.auditTrail().record(byPm);
            tx.auditTrail().record(bySystem);
            return null;
        });

        assertThat(events("m1")).containsExactly(byPm, bySystem);
        assertThat(bySystem.actor()).isEqualTo(AuditEvent.SYSTEM);
        assertThat(bySystem.before()).isNull();
    }

    @Test
    void theCallingAgentIsStoredBesideTheActor_keptByAScrub_andPutBackByARestore() {
        AuditEvent byAgent = new AuditEvent("ev-a", P, "m2", null, AuditKind.MEMORY_DELETED, "soft delete", today, PM,
                "{\"status\":\"active\"}", "{\"status\":\"deleted\"}", "claude-desktop 0.9.3");
        store().write(P, tx -> {
            tx.auditTrail().record(byAgent);
            tx.auditTrail().scrubMemory(P, "m2");
            return null;
        });
        assertThat(events("m2")).singleElement().satisfies(e -> {
            assertThat(e.detail()).isEmpty();
            assertThat(e.actor()).isEqualTo(PM);
            assertThat(e.agent()).as("who, not what: a scrub keeps it").isEqualTo("claude-desktop 0.9.3");
        });

        store().write(P, tx -> {
            assertThat(tx.auditTrail().restoreContent(byAgent)).isTrue();
            return null;
        });
        assertThat(events("m2")).containsExactly(byAgent);
    }

    @Test
    void feedbackAndEveryChangeAreAuditedUnderTheCallersActorAndAgent() {
        FeedbackResult added = intake.add(UseCases.feedback(P, "Anthropic 可以推进", today).by(PM, "acme-agent 1.4"));
        String id = added.memory().orElseThrow().memory().id();
        clock.advance(Duration.ofMinutes(1));
        corrections.delete(new MemoryActionCommand(P, id, PM, "x-agent-id: nightly-review"));
        String untold = add("Mistral 可以推进", today);

        assertThat(events(id)).extracting(AuditEvent::kind, AuditEvent::actor, AuditEvent::agent).containsExactly(
                org.assertj.core.groups.Tuple.tuple(AuditKind.MEMORY_CREATED, PM, "acme-agent 1.4"),
                org.assertj.core.groups.Tuple.tuple(AuditKind.MEMORY_DELETED, PM, "x-agent-id: nightly-review"));
        assertThat(events(untold)).extracting(AuditEvent::actor, AuditEvent::agent)
                .as("a message nobody is named for is the service's own, as before")
                .containsExactly(org.assertj.core.groups.Tuple.tuple(AuditEvent.SYSTEM, null));
    }

    @Test
    void auditEventsComeNewestFirstInInsertionOrderPagedAfterAnEventAndFilteredByMemory() {
        // times deliberately out of order: only insertion order counts
        List<AuditEvent> recorded = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            recorded.add(new AuditEvent("ev-" + (char) ('e' - i), P, i % 2 == 0 ? "m-even" : "m-odd", null,
                    AuditKind.MEMORY_REINFORCED, "weight=" + i, today.minusSeconds(i * 10L)));
        }
        store().write(P, tx -> {
            recorded.forEach(tx.auditTrail()::record);
            tx.auditTrail().record(new AuditEvent("ev-other", OTHER, "m-even", null, AuditKind.MEMORY_CREATED,
                    "x", today));
            return null;
        });

        List<String> all = ids(store().read(tx -> tx.auditTrail().newestFirst(P, null, null, 10)));
        assertThat(all).containsExactly("ev-a", "ev-b", "ev-c", "ev-d", "ev-e");
        assertThat(ids(store().read(tx -> tx.auditTrail().newestFirst(P, null, "ev-c", 2))))
                .as("the page after ev-c: what was recorded before it").containsExactly("ev-d", "ev-e");
        assertThat(ids(store().read(tx -> tx.auditTrail().newestFirst(P, "m-even", null, 10))))
                .containsExactly("ev-a", "ev-c", "ev-e");
        assertThat(ids(store().read(tx -> tx.auditTrail().newestFirst(P, "m-even", "ev-c", 10))))
                .containsExactly("ev-e");
        List<AuditEvent> afterForeign = store().read(tx -> tx.auditTrail().newestFirst(P, null, "ev-other", 10));
        assertThat(afterForeign)
                .as("an event of another profile is no position in this one").isEmpty();
    }

    @Test
    void rawMessagesComeNewestFirstByReceptionFilteredByOutcomeAndPaged() {
        store().write(P, tx -> {
            for (int i = 0; i < 6; i++) {
                FeedbackOutcome outcome = i % 2 == 0 ? FeedbackOutcome.UNCLASSIFIED : FeedbackOutcome.CREATED;
                // two messages per instant: the id breaks the tie
                Instant received = today.plusSeconds(i / 2);
                tx.rawMessages().append(new RawMessage("r" + i, P, null, null, Source.EXPLICIT, "text " + i,
                        today.minus(Duration.ofDays(i)), received, outcome, null, List.of(), List.of()));
            }
            tx.rawMessages().append(new RawMessage("r-other", OTHER, null, null, Source.EXPLICIT, "x", today,
                    today.plusSeconds(9), FeedbackOutcome.UNCLASSIFIED, null, List.of(), List.of()));
            return null;
        });

        assertThat(rawIds(store().read(tx -> tx.rawMessages().newestFirst(P, null, null, 10))))
                .containsExactly("r5", "r4", "r3", "r2", "r1", "r0");
        assertThat(rawIds(store().read(tx -> tx.rawMessages().newestFirst(P, FeedbackOutcome.UNCLASSIFIED, null,
                10)))).containsExactly("r4", "r2", "r0");
        PagePosition afterR3 = new PagePosition(today.plusSeconds(1), "r3");
        assertThat(rawIds(store().read(tx -> tx.rawMessages().newestFirst(P, null, afterR3, 3))))
                .containsExactly("r2", "r1", "r0");
    }

    @Test
    void everyMemoryAboutAnEntityWhateverItsStatusOldestFirst() {
        String advance = add("Anthropic 可以推进", today.minus(Duration.ofDays(3)));
        String negative = add("Anthropic 商业化弱", today.minus(Duration.ofDays(2)));
        add("OpenAI 估值高", today.minus(Duration.ofDays(1)));
        intake.add(UseCases.feedback(OTHER, "Anthropic 可以推进", today));

        List<Memory> about = store().read(tx -> tx.memories().findAllAbout(P, "anthropic"));

        assertThat(about).extracting(Memory::id).containsExactly(advance, negative);
        assertThat(about.get(0).status()).isEqualTo(MemoryStatus.SUPERSEDED);
    }

    // --- confirm and reject ----------------------------------------------------------------------

    /** An explicit advance, then a weaker (inferred) negative on the same entity: held pending. */
    private String[] pendingConflict() {
        String advance = add("Anthropic 可以推进", today.minus(Duration.ofDays(2)));
        FeedbackResult r = intake.add(UseCases.feedback(P, "Anthropic 商业化弱", today.minus(Duration.ofDays(1)),
                Source.INFERRED));
        assertThat(r.outcome()).isEqualTo(FeedbackOutcome.PENDING);
        return new String[] {advance, r.memory().orElseThrow().memory().id()};
    }

    @Test
    void confirmingAPendingMemoryMakesItActiveFromNowAndSupersedesWhatItConflictedWith() {
        String[] ids = pendingConflict();
        Instant before = today.plus(Duration.ofHours(1));
        clock.set(today.plus(Duration.ofHours(2)));
        Instant confirmedAt = clock.instant();

        MemoryChange change = corrections.confirm(action(ids[1]));

        assertThat(change.memory().status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(change.superseded()).containsExactly(ids[0]);
        Memory confirmed = stored(ids[1]);
        assertThat(confirmed.status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(confirmed.validFrom()).isEqualTo(confirmedAt);
        Memory advance = stored(ids[0]);
        assertThat(advance.status()).isEqualTo(MemoryStatus.SUPERSEDED);
        assertThat(advance.supersededBy()).isEqualTo(ids[1]);
        assertThat(advance.validUntil()).isEqualTo(confirmedAt);
        assertThat(visibleAt(confirmedAt)).extracting(Memory::id).containsExactly(ids[1]);
        assertThat(visibleAt(before)).as("before the confirm the advance held").extracting(Memory::id)
                .containsExactly(ids[0]);
        AuditEvent confirm = events(ids[1]).get(events(ids[1]).size() - 1);
        assertThat(confirm.kind()).isEqualTo(AuditKind.MEMORY_CONFIRMED);
        assertThat(confirm.actor()).isEqualTo(PM);
        assertThat(confirm.at()).isEqualTo(confirmedAt);
        assertThat(confirm.before()).contains("\"status\":\"pending\"");
        assertThat(confirm.after()).contains("\"status\":\"active\"");
        assertThat(events(ids[0])).last().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(AuditKind.MEMORY_SUPERSEDED);
            assertThat(e.actor()).isEqualTo(PM);
            assertThat(e.before()).contains("\"status\":\"active\"", "\"valid_until\":null");
            assertThat(e.after()).contains("\"status\":\"superseded\"", "\"valid_until\":\"" + confirmedAt + "\"",
                    "\"superseded_by\":\"" + ids[1] + "\"");
        });
    }

    @Test
    void rejectingAPendingMemoryMarksItRejectedAndLeavesTheOtherDecisionActive() {
        String[] ids = pendingConflict();
        clock.set(today.plus(Duration.ofHours(1)));

        MemoryChange change = corrections.reject(action(ids[1]));

        assertThat(change.memory().status()).isEqualTo(MemoryStatus.REJECTED);
        assertThat(stored(ids[1]).status()).isEqualTo(MemoryStatus.REJECTED);
        assertThat(stored(ids[1]).validUntil()).isEqualTo(clock.instant());
        assertThat(stored(ids[0]).status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(visibleAt(clock.instant())).extracting(Memory::id).containsExactly(ids[0]);
        assertThat(events(ids[1])).last().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(AuditKind.MEMORY_REJECTED);
            assertThat(e.actor()).isEqualTo(PM);
            assertThat(e.after()).isEqualTo("{\"status\":\"rejected\"}");
        });
    }

    @Test
    void confirmingOrRejectingAMemoryThatIsNotPendingIsAConflictAndChangesNothing() {
        String[] ids = pendingConflict();
        corrections.reject(action(ids[1]));
        Snapshot before = snapshot();

        assertThatThrownBy(() -> corrections.confirm(action(ids[0]))).isInstanceOf(StateConflictException.class)
                .hasMessageContaining("active");
        assertThatThrownBy(() -> corrections.reject(action(ids[0]))).isInstanceOf(StateConflictException.class);
        assertThatThrownBy(() -> corrections.confirm(action(ids[1]))).isInstanceOf(StateConflictException.class)
                .hasMessageContaining("rejected");

        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void anUnknownMemoryIsNotFoundAndNothingChanges() {
        add("OpenAI 估值高", today);
        Snapshot before = snapshot();

        assertThatThrownBy(() -> corrections.confirm(action("no-such-memory"))).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> corrections.delete(action("no-such-memory"))).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> corrections.correct(TestCommands.correction(P, "no-such-memory",
                fields("content", "OpenAI 估值不高"), PM))).isInstanceOf(NotFoundException.class);
        String id = snapshot().memories().get(0).id();
        assertThatThrownBy(() -> corrections.delete(new MemoryActionCommand(OTHER, id, PM)))
                .as("another profile's memory").isInstanceOf(NotFoundException.class);

        assertThat(snapshot()).isEqualTo(before);
    }

    // --- delete ----------------------------------------------------------------------------------

    @Test
    void deletingHidesTheMemoryFromNowOnAndKeepsItInTheHistory() {
        String id = add("OpenAI 估值高", today.minus(Duration.ofDays(1)));
        clock.set(today.plus(Duration.ofHours(3)));
        Instant deletedAt = clock.instant();

        MemoryChange change = corrections.delete(action(id));

        assertThat(change.memory().status()).isEqualTo(MemoryStatus.DELETED);
        Memory deleted = stored(id);
        assertThat(deleted.status()).isEqualTo(MemoryStatus.DELETED);
        assertThat(deleted.validUntil()).isEqualTo(deletedAt);
        assertThat(visibleAt(deletedAt)).isEmpty();
        assertThat(visibleAt(today)).as("the past stays as it was").extracting(Memory::id).containsExactly(id);
        assertThat(events(id)).last().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(AuditKind.MEMORY_DELETED);
            assertThat(e.actor()).isEqualTo(PM);
            assertThat(e.before()).contains("\"status\":\"active\"");
            assertThat(e.after()).contains("\"status\":\"deleted\"");
        });
        // said again, it is a new memory: the deleted one takes no part in dedup
        FeedbackResult again = intake.add(UseCases.feedback(P, "OpenAI 估值高", deletedAt.plusSeconds(60)));
        assertThat(again.outcome()).isEqualTo(FeedbackOutcome.CREATED);

        Snapshot before = snapshot();
        assertThatThrownBy(() -> corrections.delete(action(id))).isInstanceOf(StateConflictException.class);
        assertThat(snapshot()).isEqualTo(before);
    }

    // --- correct ---------------------------------------------------------------------------------

    @Test
    void correctingTheContentRedactsItReextractsEntitiesAndKeywordsAndAuditsBeforeAndAfter() {
        String id = add("OpenAI 估值高", today.minus(Duration.ofDays(1)));
        clock.set(today.plus(Duration.ofHours(1)));

        MemoryChange change = corrections.correct(TestCommands.correction(P, id,
                fields("content", "Cohere 估值高 password: hunter2-secret"), PM));

        Memory m = stored(id);
        assertThat(m.content()).doesNotContain("hunter2").contains("[REDACTED:password]");
        assertThat(m.entities()).containsExactly("Cohere");
        assertThat(m.keywords()).doesNotContain("openai");
        assertThat(m.weight()).isEqualTo(1);
        assertThat(change.memory().memory()).isEqualTo(m);
        assertThat(visibleAbout("cohere")).extracting(Memory::id).containsExactly(id);
        assertThat(visibleAbout("openai")).isEmpty();
        AuditEvent corrected = events(id).get(events(id).size() - 1);
        assertThat(corrected.kind()).isEqualTo(AuditKind.MEMORY_CORRECTED);
        assertThat(corrected.actor()).isEqualTo(PM);
        assertThat(corrected.at()).isEqualTo(clock.instant());
        assertThat(corrected.before()).isEqualTo("{\"content\":\"OpenAI 估值高\"}");
        assertThat(corrected.after()).contains("Cohere 估值高").doesNotContain("hunter2");
    }

    @Test
    void correctingTheTypeRestartsItsTtlAndAnExplicitExpiryWins() {
        String id = add("OpenAI 估值高", today);
        Memory before = stored(id);

        corrections.correct(TestCommands.correction(P, id, fields("type", "temp_status"), PM));
        assertThat(stored(id).type()).isEqualTo(MemoryType.TEMP_STATUS);
        assertThat(stored(id).expiresAt()).isEqualTo(before.lastSeenAt().plus(Duration.ofDays(3)));

        corrections.correct(TestCommands.correction(P, id, fields("expires_at", null), PM));
        assertThat(stored(id).expiresAt()).as("null: permanent").isNull();

        corrections.correct(TestCommands.correction(P, id, fields("expires_at", "2026-07-01T00:00:00+08:00"), PM));
        assertThat(stored(id).expiresAt()).isEqualTo(Instant.parse("2026-06-30T16:00:00Z"));
        assertThat(events(id)).filteredOn(e -> e.kind() == AuditKind.MEMORY_CORRECTED).hasSize(3);
    }

    @Test
    void aCorrectionIntoTheWordsOfAnotherMemoryFoldsItIntoThatOne() {
        String kept = add("OpenAI 估值高", today.minus(Duration.ofDays(2)));
        String other = add("Mistral 估值高", today.minus(Duration.ofDays(1)));

        MemoryChange change = corrections.correct(TestCommands.correction(P, other,
                fields("content", "openai 估值高！"), PM));

        assertThat(stored(kept).weight()).isEqualTo(2);
        assertThat(stored(kept).sourceMessageIds()).hasSize(2);
        assertThat(stored(other).status()).isEqualTo(MemoryStatus.SUPERSEDED);
        assertThat(stored(other).supersededBy()).isEqualTo(kept);
        assertThat(change.memory().memory().supersededBy()).isEqualTo(kept);
        assertThat(visibleAt(today)).extracting(Memory::id).containsExactly(kept);
        assertThat(events(other)).extracting(AuditEvent::kind)
                .containsSubsequence(AuditKind.MEMORY_CORRECTED, AuditKind.MEMORY_FOLDED);
    }

    @Test
    void aCorrectionIntoAnOppositeDecisionSupersedesTheDecisionItNowReverses() {
        String negative = add("Anthropic 估值高", today.minus(Duration.ofDays(2)));
        String positive = add("Anthropic 不错", today.minus(Duration.ofDays(1)));
        assertThat(stored(positive).type()).isEqualTo(MemoryType.PROJECT_POSITIVE);
        clock.set(today.plus(Duration.ofHours(1)));

        MemoryChange change = corrections.correct(TestCommands.correction(P, positive,
                fields("type", "project_advance"), PM));

        assertThat(change.superseded()).containsExactly(negative);
        assertThat(stored(negative).status()).isEqualTo(MemoryStatus.SUPERSEDED);
        assertThat(stored(negative).validUntil()).as("superseded from the correction on").isEqualTo(clock.instant());
        assertThat(stored(positive).status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(visibleAt(clock.instant())).extracting(Memory::id).containsExactly(positive);
        assertThat(events(negative)).last().extracting(AuditEvent::actor).isEqualTo(PM);
    }

    @Test
    void aBadCorrectionNamesTheFieldAndAMemoryOutOfHistoryCannotBeCorrected() {
        String[] ids = pendingConflict();
        corrections.reject(action(ids[1]));
        Snapshot before = snapshot();

        assertThatThrownBy(() -> TestCommands.correction(P, ids[0], fields("content", " "), PM))
                .isInstanceOfSatisfying(InvalidInputException.class, e -> assertThat(e.errors())
                        .extracting(InvalidInputException.FieldError::field).containsExactly("content"));
        assertThatThrownBy(() -> TestCommands.correction(P, ids[0], fields(), PM))
                .isInstanceOf(InvalidInputException.class);
        assertThatThrownBy(() -> corrections.correct(TestCommands.correction(P, ids[1],
                fields("content", "Anthropic 商业化很弱"), PM))).isInstanceOf(StateConflictException.class);

        assertThat(snapshot()).isEqualTo(before);
    }

    // --- history ---------------------------------------------------------------------------------

    @Test
    void anEntitysHistoryListsEveryMemoryOldestFirstWithItsStatusChanges() {
        Instant first = today.minus(Duration.ofDays(40));
        clock.set(first);
        String advance = add("Anthropic 可以推进", first);
        clock.set(first.plus(Duration.ofDays(1)));
        String negative = add("anthropic 商业化弱", first.plus(Duration.ofDays(1)));
        clock.set(today);
        add("OpenAI 估值高", today);

        EntityHistory h = history.read(new EntityHistoryQuery(P, "ＡＮＴＨＲＯＰＩＣ"));

        assertThat(h.entries()).extracting(e -> e.memory().memory().id()).containsExactly(advance, negative);
        assertThat(h.entries().get(0).changes()).extracting(StatusChange::status)
                .containsExactly(MemoryStatus.ACTIVE, MemoryStatus.SUPERSEDED);
        assertThat(h.entries().get(0).changes().get(1).at()).isEqualTo(first.plus(Duration.ofDays(1)));
        assertThat(h.entries().get(1).changes()).extracting(StatusChange::status)
                .containsExactly(MemoryStatus.ACTIVE, MemoryStatus.EXPIRED);
        assertThat(h.entries().get(1).changes().get(1).at()).isEqualTo(stored(negative).expiresAt());
        assertThat(h.entries().get(1).memory().status()).isEqualTo(MemoryStatus.EXPIRED);

        assertThat(history.read(new EntityHistoryQuery(P, "Cohere")).entries()).isEmpty();
        assertThatThrownBy(() -> history.read(new EntityHistoryQuery("pm-nobody", "Anthropic")))
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    void theAuditTrailIsReadNewestFirstPageByPageAndPerMemory() {
        String id = add("OpenAI 估值高", today);
        for (int i = 0; i < 3; i++) {
            intake.add(UseCases.feedback(P, "OpenAI 估值高", today.plusSeconds(i + 1)));
        }
        intake.add(UseCases.feedback(P, "今天天气不错吗", today));
        corrections.delete(action(id));

        List<AuditEvent> seen = new ArrayList<>();
        String cursor = null;
        do {
            AuditPage page = history.read(new AuditQuery(P, null, 2, TestCommands.after(cursor)));
            seen.addAll(page.items());
            cursor = page.nextCursor();
        } while (cursor != null);

        List<AuditEvent> all = store().read(tx -> tx.auditTrail().newestFirst(P, null, null, 100));
        assertThat(seen).isEqualTo(all);
        assertThat(seen.get(0).kind()).isEqualTo(AuditKind.MEMORY_DELETED);
        assertThat(history.read(new AuditQuery(P, id, 50, null)).items()).extracting(AuditEvent::kind)
                .containsExactly(AuditKind.MEMORY_DELETED, AuditKind.MEMORY_REINFORCED, AuditKind.MEMORY_REINFORCED,
                        AuditKind.MEMORY_REINFORCED, AuditKind.MEMORY_CREATED);
        assertThatThrownBy(() -> history.read(new AuditQuery(P, "no-such-memory", AuditQuery.DEFAULT_LIMIT, null)))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> history.read(new AuditQuery("pm-nobody", null, AuditQuery.DEFAULT_LIMIT, null)))
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    void rawMessagesAreReadNewestFirstAndTheUnclassifiedOnesApart() {
        add("OpenAI 估值高", today);
        clock.set(today.plusSeconds(1));
        intake.add(UseCases.feedback(P, "今天天气不错吗", today));
        clock.set(today.plusSeconds(2));
        intake.add(UseCases.feedback(P, "The unit economics puzzle me", today));
        clock.set(today.plusSeconds(3));
        add("Anthropic 可以推进", today);

        MessagePage unclassified = history.read(new MessagesQuery(P, FeedbackOutcome.UNCLASSIFIED, MessagesQuery.DEFAULT_LIMIT, null));
        assertThat(unclassified.items()).extracting(RawMessage::content)
                .containsExactly("The unit economics puzzle me", "今天天气不错吗");
        assertThat(unclassified.nextCursor()).isNull();

        MessagePage first = history.read(new MessagesQuery(P, null, 3, null));
        assertThat(first.items()).extracting(RawMessage::content)
                .containsExactly("Anthropic 可以推进", "The unit economics puzzle me", "今天天气不错吗");
        MessagePage second = history.read(new MessagesQuery(P, null, 3,
                PagePosition.fromCursor(first.nextCursor()).orElseThrow()));
        assertThat(second.items()).extracting(RawMessage::content).containsExactly("OpenAI 估值高");
        assertThat(second.nextCursor()).isNull();
        assertThatThrownBy(() -> history.read(new MessagesQuery("pm-nobody", null, MessagesQuery.DEFAULT_LIMIT, null)))
                .isInstanceOf(NotFoundException.class);
    }

    private static List<String> ids(List<AuditEvent> events) {
        return events.stream().map(AuditEvent::id).toList();
    }

    private static List<String> rawIds(List<RawMessage> messages) {
        return messages.stream().map(RawMessage::id).toList();
    }

}
