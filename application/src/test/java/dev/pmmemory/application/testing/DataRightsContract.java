package dev.pmmemory.application.testing;

import dev.pmmemory.application.port.out.RecallTally;
import dev.pmmemory.domain.recall.RecallWindow;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.StateConflictException;
import dev.pmmemory.application.port.in.EraseProfile.Erasure;
import dev.pmmemory.application.port.in.FactCommand;
import dev.pmmemory.application.port.in.FactsQuery;
import dev.pmmemory.application.port.in.ImportProfileCommand;
import dev.pmmemory.application.port.in.ProfileData;
import dev.pmmemory.application.port.in.RecordExperienceCommand;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.port.out.StoredIds;
import dev.pmmemory.application.service.FactBook;
import dev.pmmemory.application.service.FeedbackIntake;
import dev.pmmemory.application.service.MemoryCorrections;
import dev.pmmemory.application.service.ProfileDataRights;
import dev.pmmemory.domain.experience.Experience;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Data rights (issue 10 item 6) on a store: export everything of a profile, erase it physically with
 * content-free audit tombstones, import an export back losslessly. Run by {@link MemoryStoreContract}
 * on every store (a nested class).
 */
public abstract class DataRightsContract {
    private static final String P = "pm-rights";
    private static final String OTHER = "pm-rights-other";
    private static final String ADMIN = "ops-admin-key";
    private final Instant today = Instant.parse("2026-06-15T08:00:00Z");
    private final MutableClock clock = new MutableClock(today);
    private FeedbackIntake intake;
    private MemoryCorrections corrections;
    private ProfileDataRights rights;
    private FactBook facts;

    /** The store under test, fresh and empty. */
    protected abstract MemoryStore store();

    @BeforeEach
    void wireTheUseCases() {
        intake = UseCases.feedbackIntake(store(), clock);
        corrections = UseCases.memoryCorrections(store(), clock);
        rights = new ProfileDataRights(store(), UseCases.UUIDS, clock);
        facts = UseCases.factBook(store(), clock);
    }

    private void putFact(String profile, String attribute, Object value, String validFrom) {
        facts.record(TestCommands.fact(profile, attribute, Map.of("value", value, "valid_from", validFrom), ADMIN));
    }

    /**
     * A profile with one of each: memories active, superseded (whole and per entity) and corrected, an
     * unclassified message, an experience, a vector, facts (one attribute with two versions, one
     * closed); and another profile that must stay untouched.
     */
    private void aProfileWithHistory() {
        intake.add(UseCases.feedback(P, "Anthropic 和 OpenAI 可以推进", today.minus(Duration.ofDays(5))));
        intake.add(UseCases.feedback(P, "Anthropic 商业化弱", today.minus(Duration.ofDays(4))));
        String corrected = intake.add(UseCases.feedback(P, "Mistral 估值高", today.minus(Duration.ofDays(3))))
                .memory().orElseThrow().memory().id();
        intake.add(UseCases.feedback(P, "Mistral 估值高", today.minus(Duration.ofDays(2))));
        intake.add(UseCases.feedbackWithId(P, "今天天气不错", today.minus(Duration.ofDays(1)), "msg-weather"));
        corrections.correct(TestCommands.correction(P, corrected, Map.of("content", "Mistral 估值偏高 \"引号\""), ADMIN));
        UseCases.experienceIntake(store(), clock).record(new RecordExperienceCommand(P, "推荐 OpenAI 跟投",
                "PM 拒绝：估值太高", "估值高的项目先给对比估值", 0.8, today.minus(Duration.ofHours(1))));
        store().write(P, tx -> {
            tx.vectors().put(P, corrected, "test-model", new float[] {0.5f, 0.25f});
            return null;
        });
        putFact(P, "focus_stage", "early", "2026-06-01T00:00:00Z");
        putFact(P, "focus_stage", Map.of("stage", "growth", "ratio", 0.25), "2026-06-10T00:00:00Z");
        putFact(P, "regions", List.of("overseas", "中国"), "2026-06-05T00:00:00Z");
        facts.close(new FactCommand(P, "regions", ADMIN));
        intake.add(UseCases.feedback(OTHER, "Anthropic 可以推进", today));
        putFact(OTHER, "focus_stage", "late", "2026-06-01T00:00:00Z");
        UseCases.experienceIntake(store(), clock).record(new RecordExperienceCommand(OTHER, "t", "o", "l", 0.5,
                today));
    }

    private long count(java.util.function.Function<MemoryStore.StoreTransaction, Long> query) {
        return store().read(query);
    }

    private List<Object> found(java.util.function.Function<MemoryStore.StoreTransaction, List<?>> query) {
        return new ArrayList<>(store().read(query));
    }

    private ProfileData withoutErasureTombstones(ProfileData d) {
        return new ProfileData(d.profileId(), null, d.rawMessages(), d.memories(),
                d.auditEvents().stream().filter(e -> e.kind() != AuditKind.PROFILE_ERASED).toList(), d.experiences(),
                d.facts());
    }

    @Test
    void anExportHoldsEverythingOfTheProfileAndNothingOfAnother() {
        aProfileWithHistory();

        ProfileData data = rights.export(P);

        assertThat(data.profileId()).isEqualTo(P);
        assertThat(data.exportedAt()).isEqualTo(today);
        assertThat(data.rawMessages()).hasSize(5).allMatch(r -> r.profileId().equals(P));
        assertThat(data.rawMessages()).extracting(RawMessage::outcome).contains(FeedbackOutcome.UNCLASSIFIED,
                FeedbackOutcome.DEDUPLICATED);
        assertThat(data.rawMessages()).extracting(RawMessage::receivedAt).isSorted();
        assertThat(data.memories()).allMatch(m -> m.profileId().equals(P));
        assertThat(data.memories()).extracting(Memory::content).contains("Mistral 估值偏高 \"引号\"");
        assertThat(data.memories()).anyMatch(m -> !m.supersededEntityKeys().isEmpty())
                .as("a per-entity supersession is exported");
        assertThat(data.memories()).anyMatch(m -> m.status() == MemoryStatus.SUPERSEDED || m.supersededBy() != null
                || !m.supersededEntityKeys().isEmpty());
        assertThat(data.auditEvents()).extracting(AuditEvent::kind).contains(AuditKind.MEMORY_CORRECTED,
                AuditKind.MESSAGE_UNCLASSIFIED, AuditKind.MEMORY_REINFORCED);
        assertThat(data.auditEvents()).filteredOn(e -> e.kind() == AuditKind.MEMORY_CORRECTED).singleElement()
                .satisfies(e -> {
                    assertThat(e.actor()).isEqualTo(ADMIN);
                    assertThat(e.before()).contains("Mistral 估值高");
                    assertThat(e.after()).contains("Mistral 估值偏高");
                });
        assertThat(data.experiences()).singleElement().satisfies(e -> assertThat(e.task()).isEqualTo("推荐 OpenAI 跟投"));
        // every version of every fact, by attribute then oldest first, with its links and validity
        assertThat(data.facts()).extracting(Fact::attribute, Fact::value).containsExactly(
                org.assertj.core.groups.Tuple.tuple("focus_stage", "\"early\""),
                org.assertj.core.groups.Tuple.tuple("focus_stage", "{\"ratio\":0.25,\"stage\":\"growth\"}"),
                org.assertj.core.groups.Tuple.tuple("regions", "[\"overseas\",\"中国\"]"));
        assertThat(data.facts()).allMatch(f -> f.profileId().equals(P) && f.recordedBy().equals(ADMIN));
        assertThat(data.facts().get(0).validUntil()).isEqualTo(data.facts().get(1).validFrom());
        assertThat(data.facts().get(1).supersedes()).isEqualTo(data.facts().get(0).id());
        assertThat(data.facts().get(1).isOpen()).isTrue();
        assertThat(data.facts().get(2).validUntil()).isEqualTo(today);
    }

    @Test
    void anUnknownProfileHasNothingToExportOrErase() {
        aProfileWithHistory();

        assertThatThrownBy(() -> rights.export("pm-nobody")).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> rights.erase("pm-nobody", ADMIN)).isInstanceOf(NotFoundException.class);
        assertThat(count(tx -> tx.auditTrail().countByProfile("pm-nobody"))).isZero();
    }

    @Test
    void anEraseRemovesEverythingAndTheAuditKeepsOnlyContentFreeTombstones() {
        aProfileWithHistory();
        ProfileData before = rights.export(P);
        ProfileData otherBefore = rights.export(OTHER);
        clock.set(today.plus(Duration.ofHours(1)));

        Erasure erasure = rights.erase(P, ADMIN);

        assertThat(erasure.rawMessages()).isEqualTo(5);
        assertThat(erasure.memories()).isEqualTo(before.memories().size());
        assertThat(erasure.experiences()).isEqualTo(1);
        assertThat(erasure.facts()).isEqualTo(3);
        assertThat(erasure.auditEventsScrubbed()).isEqualTo(before.auditEvents().size());
        assertThat(count(tx -> tx.facts().countByProfile(P))).isZero();
        assertThat(found(tx -> tx.facts().validAt(P, today))).isEmpty();
        assertThat(found(tx -> tx.facts().latest(P, "focus_stage").stream().toList())).isEmpty();
        assertThat(count(tx -> tx.rawMessages().countByProfile(P))).isZero();
        assertThat(count(tx -> tx.memories().countByProfile(P))).isZero();
        assertThat(count(tx -> tx.experiences().countByProfile(P))).isZero();
        assertThat(found(tx -> tx.memories().findVisibleSharingTerms(P, RecallWindow.present(today), List.of("mistral", "anthropic"))))
                .isEmpty();
        assertThat(found(tx -> tx.memories().findVisibleAbout(P, RecallWindow.present(today), "anthropic"))).isEmpty();
        assertThat(found(tx -> tx.experiences().findSharingTerms(P, today, List.of("估值")))).isEmpty();
        List<String> memoryIds = before.memories().stream().map(Memory::id).toList();
        assertThat(found(tx -> List.copyOf(tx.vectors().find(P, "test-model", memoryIds).keySet()))).isEmpty();
        assertThat(found(tx -> tx.rawMessages().findByMessageId(P, "msg-weather").stream().toList())).isEmpty();

        ProfileData after = rights.export(P);
        assertThat(after.rawMessages()).isEmpty();
        assertThat(after.memories()).isEmpty();
        assertThat(after.experiences()).isEmpty();
        assertThat(after.facts()).isEmpty();
        assertThat(after.auditEvents()).hasSize(before.auditEvents().size() + 1);
        for (int i = 0; i < before.auditEvents().size(); i++) {
            AuditEvent was = before.auditEvents().get(i);
            AuditEvent is = after.auditEvents().get(i);
            assertThat(is.id()).isEqualTo(was.id());
            assertThat(is.kind()).isEqualTo(was.kind());
            assertThat(is.at()).isEqualTo(was.at());
            assertThat(is.detail()).isEmpty();
            assertThat(is.before()).isNull();
            assertThat(is.after()).isNull();
        }
        AuditEvent tombstone = after.auditEvents().get(after.auditEvents().size() - 1);
        assertThat(tombstone.kind()).isEqualTo(AuditKind.PROFILE_ERASED);
        assertThat(tombstone.actor()).isEqualTo(ADMIN);
        assertThat(tombstone.at()).isEqualTo(clock.instant());
        assertThat(tombstone.detail()).isEqualTo("raw_messages=5 memories=" + before.memories().size()
                + " experiences=1 facts=3");
        assertThat(withoutErasureTombstones(rights.export(OTHER))).isEqualTo(withoutErasureTombstones(otherBefore));
        assertThatThrownBy(() -> rights.erase(P, ADMIN)).as("nothing left to erase")
                .isInstanceOf(NotFoundException.class);
    }

    @Test
    void exportEraseImportExportGivesTheSameDocumentButTheTombstone() {
        aProfileWithHistory();
        String recalledId = rights.export(P).memories().get(0).id();
        store().addRecalls(List.of(new RecallTally(P, recalledId, 3, today.minus(Duration.ofHours(2)))));
        ProfileData first = rights.export(P);
        assertThat(first.memories()).filteredOn(m -> m.id().equals(recalledId))
                .singleElement().extracting(m -> m.recall().count()).isEqualTo(3L);
        List<String> terms = first.memories().stream().flatMap(m -> m.keywords().stream()).distinct().toList();
        List<Object> recalled = found(tx -> tx.memories().findVisibleSharingTerms(P, RecallWindow.present(today), terms));
        List<Object> aboutAnthropic = found(tx -> tx.memories().findVisibleAbout(P, RecallWindow.present(today), "anthropic"));
        rights.erase(P, ADMIN);

        rights.load(new ImportProfileCommand(P, first, ADMIN));

        ProfileData second = rights.export(P);
        assertThat(second.auditEvents()).filteredOn(e -> e.kind() == AuditKind.PROFILE_ERASED).hasSize(1);
        assertThat(withoutErasureTombstones(second)).isEqualTo(withoutErasureTombstones(first));
        // the lookups are rebuilt: recall and dedup find the imported memories again
        assertThat(recalled).isNotEmpty();
        assertThat(found(tx -> tx.memories().findVisibleSharingTerms(P, RecallWindow.present(today), terms)))
                .containsExactlyInAnyOrderElementsOf(recalled);
        assertThat(aboutAnthropic).isNotEmpty();
        assertThat(found(tx -> tx.memories().findVisibleAbout(P, RecallWindow.present(today), "anthropic")))
                .containsExactlyInAnyOrderElementsOf(aboutAnthropic);
        assertThat(found(tx -> tx.experiences().findSharingTerms(P, today, List.of("估值")))).hasSize(1);
        assertThat(found(tx -> tx.rawMessages().findByMessageId(P, "msg-weather").stream().toList())).hasSize(1);
        assertThat(intake.add(UseCases.feedback(P, "Mistral 估值偏高 \"引号\"", today)).outcome())
                .isEqualTo(FeedbackOutcome.DEDUPLICATED);
        // the facts are current again, and a new value follows the imported latest version
        assertThat(facts.validAt(new FactsQuery(P, null, today)).facts()).extracting(Fact::value)
                .containsExactly("{\"ratio\":0.25,\"stage\":\"growth\"}");
        putFact(P, "focus_stage", "late", "2026-06-12T00:00:00Z");
        List<Fact> history = facts.history(new FactsQuery(P, "focus_stage", null));
        assertThat(history).hasSize(3);
        assertThat(history.get(2).supersedes()).isEqualTo(first.facts().get(1).id());
    }

    @Test
    void anImportIntoAFreshProfileStoresTheAuditInTheDocumentsOrder() {
        aProfileWithHistory();
        ProfileData first = rights.export(P);
        rights.erase(P, ADMIN);
        // as if loaded into another deployment: the audit ids are not held here
        List<AuditEvent> freshIds = first.auditEvents().stream().map(e -> new AuditEvent("new-" + e.id(),
                e.profileId(), e.memoryId(), e.rawMessageId(), e.kind(), e.detail(), e.at(), e.actor(), e.before(),
                e.after())).toList();
        ProfileData document = new ProfileData(P, null, first.rawMessages(), first.memories(), freshIds,
                first.experiences(), first.facts());

        rights.load(new ImportProfileCommand(P, document, ADMIN));

        List<AuditEvent> audit = rights.export(P).auditEvents();
        assertThat(audit.subList(audit.size() - freshIds.size(), audit.size())).isEqualTo(freshIds);
    }

    @Test
    void anImportIntoAProfileHoldingDataIsAConflictAndChangesNothing() {
        aProfileWithHistory();
        ProfileData document = rights.export(P);
        intake.add(UseCases.feedback("pm-third", "Cohere 可以推进", today));
        ProfileData otherDocument = new ProfileData("pm-third", null, List.of(), List.of(), List.of(),
                List.of(), List.of());
        // a profile that holds nothing but a fact holds data too
        putFact("pm-fourth", "focus_stage", "early", "2026-06-01T00:00:00Z");
        ProfileData fourthDocument = new ProfileData("pm-fourth", null, List.of(), List.of(), List.of(),
                List.of(), document.facts().stream().map(f -> new Fact(f.id() + "-4", "pm-fourth", f.attribute(),
                        f.value(), f.confidence(), f.source(), f.validFrom(), f.validUntil(),
                        f.supersedes() == null ? null : f.supersedes() + "-4", f.recordedAt(), f.recordedBy()))
                        .toList());

        assertThatThrownBy(() -> rights.load(new ImportProfileCommand(P, document, ADMIN)))
                .isInstanceOf(StateConflictException.class);
        assertThatThrownBy(() -> rights.load(new ImportProfileCommand("pm-third", otherDocument, ADMIN)))
                .isInstanceOf(StateConflictException.class);
        assertThatThrownBy(() -> rights.load(new ImportProfileCommand("pm-fourth", fourthDocument, ADMIN)))
                .isInstanceOf(StateConflictException.class);
        assertThat(count(tx -> tx.facts().countByProfile("pm-fourth"))).isEqualTo(1);

        assertThat(withoutErasureTombstones(rights.export(P))).isEqualTo(withoutErasureTombstones(document));
    }

    @Test
    void anImportThatFailsHalfWayStoresNothing() {
        aProfileWithHistory();
        ProfileData first = rights.export(P);
        rights.erase(P, ADMIN);
        ProfileData afterErase = rights.export(P);
        // the last memory reuses an id the other profile holds: refused before anything is written
        String othersMemory = rights.export(OTHER).memories().get(0).id();
        List<Memory> memories = new ArrayList<>(first.memories());
        memories.add(memories.get(0).toBuilder().id(othersMemory).build());
        ProfileData clashing = new ProfileData(P, null, first.rawMessages(), memories, first.auditEvents(),
                first.experiences(), first.facts());

        assertThatThrownBy(() -> rights.load(new ImportProfileCommand(P, clashing, ADMIN)))
                .isInstanceOfSatisfying(StateConflictException.class, e -> assertThat(e.field())
                        .isEqualTo("memories[" + (memories.size() - 1) + "].id"));

        assertThat(rights.export(P)).isEqualTo(new ProfileData(P, today, List.of(), List.of(),
                afterErase.auditEvents(), List.of(), List.of()));
    }

    @Test
    void theStoreNamesTheIdsAnotherProfileHolds() {
        aProfileWithHistory();
        ProfileData mine = rights.export(P);
        ProfileData others = rights.export(OTHER);
        Map<StoredIds.Kind, List<String>> ofP = ids(mine);
        Map<StoredIds.Kind, List<String>> ofOther = ids(others);

        for (StoredIds.Kind kind : StoredIds.Kind.values()) {
            String theirs = ofOther.get(kind).get(0);
            String ours = ofP.get(kind).get(0);
            assertThat(heldElsewhere(kind, P, List.of(theirs, ours, "never-stored"))).as(kind.name()).containsExactly(theirs);
            assertThat(heldElsewhere(kind, OTHER, List.of(theirs, ours, "never-stored"))).as(kind.name()).containsExactly(ours);
            assertThat(heldElsewhere(kind, "pm-nobody", ofP.get(kind))).as(kind.name()).containsExactlyInAnyOrderElementsOf(ofP.get(kind));
        }
        // many ids at once (more than one statement's worth)
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 1200; i++) {
            many.add("unused-" + i);
        }
        many.add(ofOther.get(StoredIds.Kind.MEMORY).get(0));
        assertThat(heldElsewhere(StoredIds.Kind.MEMORY, P, many))
                .containsExactly(ofOther.get(StoredIds.Kind.MEMORY).get(0));
    }

    private java.util.Set<String> heldElsewhere(StoredIds.Kind kind, String profileId, List<String> ids) {
        return store().read(tx -> tx.storedIds().heldByOtherProfiles(kind, profileId, ids));
    }

    private static Map<StoredIds.Kind, List<String>> ids(ProfileData d) {
        return Map.of(StoredIds.Kind.RAW_MESSAGE, d.rawMessages().stream().map(RawMessage::id).toList(),
                StoredIds.Kind.MEMORY, d.memories().stream().map(Memory::id).toList(),
                StoredIds.Kind.AUDIT_EVENT, d.auditEvents().stream().map(AuditEvent::id).toList(),
                StoredIds.Kind.EXPERIENCE, d.experiences().stream().map(Experience::id).toList(),
                StoredIds.Kind.FACT, d.facts().stream().map(Fact::id).toList());
    }

    @Test
    void anImportReusingAnIdOfAnotherProfileIsAConflictNamingItAndStoresNothing() {
        aProfileWithHistory();
        ProfileData first = rights.export(P);
        ProfileData others = rights.export(OTHER);
        ProfileData otherBefore = others;
        rights.erase(P, ADMIN);
        ProfileData afterErase = rights.export(P);
        List<RawMessage> raws = new ArrayList<>(first.rawMessages());
        RawMessage r = raws.get(1);
        raws.set(1, new RawMessage(others.rawMessages().get(0).id(), r.profileId(), r.messageId(), r.sessionId(),
                r.source(), r.content(), r.createdAt(), r.receivedAt(), r.outcome(), r.memoryId(),
                r.supersededIds(), r.redactions()));
        List<Memory> memories = new ArrayList<>(first.memories());
        memories.set(1, memories.get(1).toBuilder().id(others.memories().get(0).id()).build());
        List<AuditEvent> events = new ArrayList<>(first.auditEvents());
        AuditEvent e = events.get(1);
        events.set(1, new AuditEvent(others.auditEvents().get(0).id(), e.profileId(), e.memoryId(),
                e.rawMessageId(), e.kind(), e.detail(), e.at(), e.actor(), e.before(), e.after()));
        Experience x = first.experiences().get(0);
        List<Experience> experiences = List.of(new Experience(others.experiences().get(0).id(), x.profileId(),
                x.task(), x.outcome(), x.lesson(), x.importance(), x.keywords(), x.createdAt()));
        List<Fact> facts = new ArrayList<>(first.facts());
        Fact f = facts.get(2);
        facts.set(2, new Fact(others.facts().get(0).id(), f.profileId(), f.attribute(), f.value(), f.confidence(),
                f.source(), f.validFrom(), f.validUntil(), f.supersedes(), f.recordedAt(), f.recordedBy()));
        Map<String, ProfileData> clashing = new LinkedHashMap<>();
        clashing.put("raw_messages[1].id", new ProfileData(P, null, raws, first.memories(), first.auditEvents(),
                first.experiences(), first.facts()));
        clashing.put("memories[1].id", new ProfileData(P, null, first.rawMessages(), memories, first.auditEvents(),
                first.experiences(), first.facts()));
        clashing.put("audit_events[1].id", new ProfileData(P, null, first.rawMessages(), first.memories(), events,
                first.experiences(), first.facts()));
        clashing.put("experiences[0].id", new ProfileData(P, null, first.rawMessages(), first.memories(),
                first.auditEvents(), experiences, first.facts()));
        clashing.put("facts[2].id", new ProfileData(P, null, first.rawMessages(), first.memories(),
                first.auditEvents(), first.experiences(), facts));
        // several clashes: the first in the document's order of parts is named
        clashing.put("raw_messages[1].id ", new ProfileData(P, null, raws, memories, events, experiences, facts));

        clashing.forEach((field, document) -> assertThatThrownBy(() ->
                rights.load(new ImportProfileCommand(P, document, ADMIN)))
                .as(field)
                .isInstanceOfSatisfying(StateConflictException.class, ex -> {
                    assertThat(ex.field()).isEqualTo(field.strip());
                    assertThat(ex.getMessage()).startsWith(field.strip() + ": ").contains("another profile");
                }));

        assertThat(rights.export(P)).isEqualTo(new ProfileData(P, today, List.of(), List.of(),
                afterErase.auditEvents(), List.of(), List.of()));
        assertThat(rights.export(OTHER)).isEqualTo(otherBefore);
        // the untouched document still loads
        rights.load(new ImportProfileCommand(P, first, ADMIN));
        assertThat(withoutErasureTombstones(rights.export(P))).isEqualTo(withoutErasureTombstones(first));
    }

    @Test
    void aProfileHoldingOnlyFactsIsErasedAndTheOtherProfilesFactsStay() {
        putFact(P, "focus_stage", "early", "2026-06-01T00:00:00Z");
        putFact(P, "focus_stage", "growth", "2026-06-10T00:00:00Z");
        putFact(OTHER, "focus_stage", "late", "2026-06-01T00:00:00Z");
        List<Fact> othersBefore = store().read(tx -> tx.facts().allVersions(OTHER));

        Erasure erasure = rights.erase(P, ADMIN);

        assertThat(erasure.facts()).isEqualTo(2);
        assertThat(erasure.rawMessages() + erasure.memories() + erasure.experiences()).isZero();
        assertThat(count(tx -> tx.facts().countByProfile(P))).isZero();
        assertThat(found(tx -> tx.facts().history(P, "focus_stage"))).isEmpty();
        List<Fact> othersAfter = store().read(tx -> tx.facts().allVersions(OTHER));
        assertThat(othersAfter).isEqualTo(othersBefore);
        ProfileData after = rights.export(P);
        assertThat(after.facts()).isEmpty();
        assertThat(after.auditEvents()).filteredOn(e -> e.kind() == AuditKind.FACT_RECORDED).hasSize(2)
                .allSatisfy(e -> {
                    assertThat(e.detail()).as("the audit keeps no attribute or value").isEmpty();
                    assertThat(e.after()).isNull();
                });
        assertThatThrownBy(() -> rights.erase(P, ADMIN)).isInstanceOf(NotFoundException.class);
    }
}
