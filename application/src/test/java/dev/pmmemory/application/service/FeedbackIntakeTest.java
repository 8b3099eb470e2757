package dev.pmmemory.application.service;

import static dev.pmmemory.application.testing.UseCases.feedback;
import static dev.pmmemory.application.testing.UseCases.feedbackWithId;
import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.port.in.FeedbackResult;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.testing.InMemoryMemoryStore;
import dev.pmmemory.application.testing.MutableClock;
import dev.pmmemory.application.testing.SequentialIds;
import dev.pmmemory.application.testing.UseCases;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/** The write path of rules.md §3 and the conflict rules of §4, on the in-memory store. */
class FeedbackIntakeTest {
    private static final String P = "pm-alice";
    private static final Instant NOW = Instant.parse("2026-05-20T09:00:00Z");
    private static final Instant T1 = Instant.parse("2026-05-01T10:00:00Z");
    private static final Instant T2 = T1.plus(Duration.ofHours(5));
    private static final Instant T3 = T1.plus(Duration.ofDays(2));

    private final InMemoryMemoryStore store = new InMemoryMemoryStore();
    private final MutableClock clock = new MutableClock(NOW);
    private final FeedbackIntake intake = UseCases.feedbackIntake(store, clock, new SequentialIds());

    private FeedbackResult add(String message, Instant createdAt) {
        return intake.add(feedback(P, message, createdAt));
    }

    private FeedbackResult add(String message, Instant createdAt, Source source) {
        return intake.add(feedback(P, message, createdAt, source));
    }

    private Memory stored(FeedbackResult result) {
        return stored(result.memory().orElseThrow().memory().id());
    }

    private Memory stored(String id) {
        return store.memories(P).stream().filter(m -> m.id().equals(id)).findFirst().orElseThrow();
    }

    private List<AuditKind> kindsFor(String memoryId) {
        return store.auditEvents(P).stream().filter(e -> memoryId.equals(e.memoryId())).map(AuditEvent::kind).toList();
    }

    // --- created ---------------------------------------------------------------------------------

    @Test
    void aNewMessageBecomesAMemoryWithItsRawMessageAndAnAuditEvent() {
        FeedbackResult r = add("OpenAI 估值高", T1);

        assertThat(r.outcome()).isEqualTo(FeedbackOutcome.CREATED);
        assertThat(r.superseded()).isEmpty();
        assertThat(r.redactions()).isEmpty();
        Memory m = stored(r);
        assertThat(m.profileId()).isEqualTo(P);
        assertThat(m.type()).isEqualTo(MemoryType.PROJECT_NEGATIVE);
        assertThat(m.content()).isEqualTo("OpenAI 估值高");
        assertThat(m.normalizedContent()).isEqualTo("openai估值高");
        assertThat(m.entities()).containsExactly("OpenAI");
        assertThat(m.keywords()).contains("openai", "估值");
        assertThat(m.weight()).isEqualTo(1);
        assertThat(m.status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(m.source()).isEqualTo(Source.EXPLICIT);
        assertThat(m.createdAt()).isEqualTo(T1);
        assertThat(m.lastSeenAt()).isEqualTo(T1);
        assertThat(m.validFrom()).isEqualTo(T1);
        assertThat(m.validUntil()).isNull();
        assertThat(m.supersededBy()).isNull();
        assertThat(m.expiresAt()).isEqualTo(T1.plus(Duration.ofDays(30)));
        assertThat(m.sourceMessageIds()).containsExactly(r.rawMessageId());

        RawMessage raw = store.rawMessages(P).get(0);
        assertThat(raw.id()).isEqualTo(r.rawMessageId());
        assertThat(raw.outcome()).isEqualTo(FeedbackOutcome.CREATED);
        assertThat(raw.memoryId()).isEqualTo(m.id());
        assertThat(raw.content()).isEqualTo("OpenAI 估值高");
        assertThat(raw.createdAt()).isEqualTo(T1);
        assertThat(raw.receivedAt()).isEqualTo(NOW);

        assertThat(kindsFor(m.id())).containsExactly(AuditKind.MEMORY_CREATED);
        assertThat(store.auditEvents(P).get(0).rawMessageId()).isEqualTo(r.rawMessageId());
    }

    @Test
    void withoutCreatedAtTheReceiptTimeIsUsed() {
        FeedbackResult r = intake.add(new AddFeedbackCommand(P, "本周在路上", null, "s-1", null, Source.INFERRED));

        Memory m = stored(r);
        assertThat(m.type()).isEqualTo(MemoryType.TEMP_STATUS);
        assertThat(m.createdAt()).isEqualTo(NOW);
        assertThat(m.expiresAt()).isEqualTo(NOW.plus(Duration.ofDays(3)));
        assertThat(m.sessionId()).isEqualTo("s-1");
        assertThat(m.source()).isEqualTo(Source.INFERRED);
    }

    @Test
    void aPreferenceIsPermanent() {
        Memory m = stored(add("以后少推国内大模型", T1));

        assertThat(m.type()).isEqualTo(MemoryType.LONG_TERM_PREFERENCE);
        assertThat(m.expiresAt()).isNull();
        assertThat(m.status()).isEqualTo(MemoryStatus.ACTIVE);
    }

    // --- deduplicated ----------------------------------------------------------------------------

    @Test
    void theSameContentAgainReinforcesTheMemory() {
        FeedbackResult first = add("OpenAI 估值高！", T1);
        FeedbackResult second = add("openai估值高", T3);

        assertThat(second.outcome()).isEqualTo(FeedbackOutcome.DEDUPLICATED);
        assertThat(store.memories(P)).hasSize(1);
        Memory m = stored(first);
        assertThat(second.memory().orElseThrow().memory().id()).isEqualTo(m.id());
        assertThat(m.weight()).isEqualTo(2);
        assertThat(m.lastSeenAt()).isEqualTo(T3);
        assertThat(m.expiresAt()).isEqualTo(T3.plus(Duration.ofDays(30))); // TTL restarts from last_seen_at
        assertThat(m.createdAt()).isEqualTo(T1);
        assertThat(m.sourceMessageIds()).containsExactly(first.rawMessageId(), second.rawMessageId());
        assertThat(store.rawMessages(P)).extracting(RawMessage::outcome)
                .containsExactly(FeedbackOutcome.CREATED, FeedbackOutcome.DEDUPLICATED);
        assertThat(store.rawMessages(P).get(1).memoryId()).isEqualTo(m.id());
        assertThat(kindsFor(m.id())).containsExactly(AuditKind.MEMORY_CREATED, AuditKind.MEMORY_REINFORCED);
        assertThat(store.auditEvents(P).get(1).detail()).isEqualTo("weight=2");
    }

    @Test
    void anOlderRepeatKeepsTheLatestLastSeenAt() {
        FeedbackResult first = add("OpenAI 估值高", T3);
        add("OpenAI 估值高", T1);

        Memory m = stored(first);
        assertThat(m.weight()).isEqualTo(2);
        assertThat(m.lastSeenAt()).isEqualTo(T3); // max, not the last arrival
        assertThat(m.expiresAt()).isEqualTo(T3.plus(Duration.ofDays(30)));
        assertThat(m.createdAt()).isEqualTo(T1);
    }

    @Test
    void tenRepeatsAreOneMemoryOfWeightTen() {
        for (int i = 0; i < 10; i++) {
            add("OpenAI 估值高", T1.plus(Duration.ofMinutes(i)));
        }

        assertThat(store.memories(P)).singleElement().satisfies(m -> {
            assertThat(m.weight()).isEqualTo(10);
            assertThat(m.sourceMessageIds()).hasSize(10);
            assertThat(m.lastSeenAt()).isEqualTo(T1.plus(Duration.ofMinutes(9)));
        });
        assertThat(store.rawMessages(P)).hasSize(10);
    }

    @Test
    void aSupersededMemoryIsNotReinforcedByItsRepeat() {
        FeedbackResult advance = add("Anthropic 可以推进", T1);
        add("Anthropic 商业化弱", T2);
        FeedbackResult again = add("Anthropic 可以推进", T3);

        assertThat(again.outcome()).isEqualTo(FeedbackOutcome.CREATED);
        assertThat(stored(advance).weight()).isEqualTo(1);
        assertThat(stored(again).status()).isEqualTo(MemoryStatus.ACTIVE);
    }

    // --- unclassified ----------------------------------------------------------------------------

    @Test
    void anUnclassifiedMessageIsKeptWithoutAMemory() {
        FeedbackResult r = add("今天天气如何", T1);

        assertThat(r.outcome()).isEqualTo(FeedbackOutcome.UNCLASSIFIED);
        assertThat(r.memory()).isEmpty();
        assertThat(store.memories(P)).isEmpty();
        assertThat(store.rawMessages(P)).singleElement().satisfies(raw -> {
            assertThat(raw.id()).isEqualTo(r.rawMessageId());
            assertThat(raw.content()).isEqualTo("今天天气如何");
            assertThat(raw.outcome()).isEqualTo(FeedbackOutcome.UNCLASSIFIED);
            assertThat(raw.memoryId()).isNull();
        });
        assertThat(store.auditEvents(P)).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(AuditKind.MESSAGE_UNCLASSIFIED);
            assertThat(e.rawMessageId()).isEqualTo(r.rawMessageId());
            assertThat(e.memoryId()).isNull();
            assertThat(e.detail()).doesNotContain("天气");
        });
    }

    // --- replayed --------------------------------------------------------------------------------

    @Nested
    class Idempotency {

        @Test
        void theSameMessageIdReturnsTheFirstResultAndChangesNothing() {
            FeedbackResult first = intake.add(feedbackWithId(P, "OpenAI 估值高", T1, "msg-1"));
            int events = store.auditEvents(P).size();

            FeedbackResult retry = intake.add(feedbackWithId(P, "OpenAI 估值高", T1, "msg-1"));

            assertThat(retry.outcome()).isEqualTo(FeedbackOutcome.REPLAYED);
            assertThat(retry.rawMessageId()).isEqualTo(first.rawMessageId());
            assertThat(retry.memory().orElseThrow().memory()).isEqualTo(first.memory().orElseThrow().memory());
            assertThat(store.memories(P)).singleElement().extracting(Memory::weight).isEqualTo(1);
            assertThat(store.rawMessages(P)).hasSize(1);
            assertThat(store.auditEvents(P)).hasSize(events);
        }

        @Test
        void aReplayIgnoresWhateverTheRetryCarries() {
            FeedbackResult first = intake.add(feedbackWithId(P, "Anthropic 可以推进", T1, "msg-1"));

            FeedbackResult retry = intake.add(feedbackWithId(P, "Anthropic 商业化弱", T2, "msg-1"));

            assertThat(retry.outcome()).isEqualTo(FeedbackOutcome.REPLAYED);
            assertThat(retry.rawMessageId()).isEqualTo(first.rawMessageId());
            assertThat(store.memories(P)).singleElement().satisfies(m -> {
                assertThat(m.type()).isEqualTo(MemoryType.PROJECT_ADVANCE);
                assertThat(m.status()).isEqualTo(MemoryStatus.ACTIVE);
            });
        }

        @Test
        void aReplayedSupersessionReportsTheSameSupersededIds() {
            add("Anthropic 可以推进", T1);
            FeedbackResult first = intake.add(feedbackWithId(P, "Anthropic 商业化弱", T2, "msg-2"));

            FeedbackResult retry = intake.add(feedbackWithId(P, "Anthropic 商业化弱", T2, "msg-2"));

            assertThat(first.superseded()).hasSize(1);
            assertThat(retry.superseded()).isEqualTo(first.superseded());
        }

        @Test
        void anUnclassifiedMessageReplaysWithoutAMemory() {
            intake.add(feedbackWithId(P, "今天天气如何", T1, "msg-1"));

            FeedbackResult retry = intake.add(feedbackWithId(P, "今天天气如何", T1, "msg-1"));

            assertThat(retry.outcome()).isEqualTo(FeedbackOutcome.REPLAYED);
            assertThat(retry.memory()).isEmpty();
            assertThat(store.rawMessages(P)).hasSize(1);
        }

        @Test
        void messageIdsArePerProfile() {
            intake.add(feedbackWithId(P, "OpenAI 估值高", T1, "msg-1"));

            FeedbackResult other = intake.add(feedbackWithId("pm-bob", "OpenAI 估值高", T1, "msg-1"));

            assertThat(other.outcome()).isEqualTo(FeedbackOutcome.CREATED);
            assertThat(store.memories("pm-bob")).hasSize(1);
        }

        @Test
        void withoutMessageIdARepeatIsRepeatedEmphasis() {
            add("OpenAI 估值高", T1);
            FeedbackResult again = add("OpenAI 估值高", T1);

            assertThat(again.outcome()).isEqualTo(FeedbackOutcome.DEDUPLICATED);
        }
    }

    // --- conflicts (rules.md §4) --------------------------------------------------------------

    @Nested
    class Conflicts {

        @Test
        void aNewerOppositeDecisionSupersedesTheOldOne() {
            FeedbackResult advance = add("Anthropic 可以推进", T1);
            FeedbackResult negative = add("Anthropic 商业化弱", T2);

            Memory old = stored(advance);
            Memory now = stored(negative);
            assertThat(negative.outcome()).isEqualTo(FeedbackOutcome.CREATED);
            assertThat(negative.superseded()).containsExactly(old.id());
            assertThat(old.status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(old.supersededBy()).isEqualTo(now.id());
            assertThat(old.validUntil()).isEqualTo(T2);
            assertThat(old.validFrom()).isEqualTo(T1);
            assertThat(old.supersededEntityKeys()).containsExactly("anthropic");
            assertThat(now.status()).isEqualTo(MemoryStatus.ACTIVE);
            assertThat(now.validFrom()).isEqualTo(T2);
            assertThat(store.rawMessages(P).get(1).supersededIds()).containsExactly(old.id());
            assertThat(kindsFor(old.id())).containsExactly(AuditKind.MEMORY_CREATED, AuditKind.MEMORY_SUPERSEDED);
            assertThat(kindsFor(now.id())).containsExactly(AuditKind.MEMORY_CREATED);
            assertThat(store.auditEvents(P).get(store.auditEvents(P).size() - 1).rawMessageId())
                    .isEqualTo(negative.rawMessageId());
        }

        @Test
        void aReversalAtTheSameInstantStillWins() {
            FeedbackResult advance = add("Anthropic 可以推进", T1);
            add("Anthropic 商业化弱", T1);

            assertThat(stored(advance).status()).isEqualTo(MemoryStatus.SUPERSEDED);
        }

        @Test
        void aLateArrivalIsStoredAlreadySuperseded() {
            FeedbackResult negative = add("Anthropic 商业化弱", T2);
            FeedbackResult lateAdvance = add("Anthropic 可以推进", T1);

            Memory late = stored(lateAdvance);
            Memory current = stored(negative);
            assertThat(lateAdvance.outcome()).isEqualTo(FeedbackOutcome.CREATED);
            assertThat(lateAdvance.superseded()).isEmpty();
            assertThat(late.status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(late.supersededBy()).isEqualTo(current.id());
            assertThat(late.validFrom()).isEqualTo(T1);
            assertThat(late.validUntil()).isEqualTo(T2);
            assertThat(current.status()).isEqualTo(MemoryStatus.ACTIVE);
            assertThat(current.supersededEntityKeys()).isEmpty();
            assertThat(kindsFor(late.id())).containsExactly(AuditKind.MEMORY_CREATED, AuditKind.MEMORY_SUPERSEDED);
            assertThat(kindsFor(current.id())).containsExactly(AuditKind.MEMORY_CREATED);
        }

        @Test
        void aLateRepeatThatMovesADecisionsStartEarlierTakesTheOppositeOverFromThen() {
            // in time order: negative at T1, the advance at T2 takes it over, the advance again at T3
            FeedbackResult negative = add("Anthropic 商业化弱", T1);
            FeedbackResult advance = add("Anthropic 可以推进", T3);
            add("Anthropic 可以推进", T2); // the late repeat

            Memory opposite = stored(negative);
            Memory decision = stored(advance);
            assertThat(decision.validFrom()).isEqualTo(T2);
            assertThat(decision.weight()).isEqualTo(2);
            assertThat(opposite.status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(opposite.supersededBy()).isEqualTo(decision.id());
            assertThat(opposite.validUntil()).isEqualTo(T2);
            assertThat(store.auditEvents(P)).filteredOn(e -> opposite.id().equals(e.memoryId()))
                    .extracting(AuditEvent::detail)
                    .contains("by=" + decision.id() + " entities=anthropic at=" + T2);
        }

        @Test
        void aLateRepeatDoesNotBridgeAnOppositeDecisionSaidInBetween() {
            // in time order: the advance at T1, the negative at T2 takes it over, the advance again at T3
            // is a new memory (the first was superseded) that takes the negative over
            FeedbackResult negative = add("Anthropic 商业化弱", T2);
            FeedbackResult advance = add("Anthropic 可以推进", T3);
            FeedbackResult repeat = add("Anthropic 可以推进", T1); // the late one

            Memory first = stored(repeat);
            Memory opposite = stored(negative);
            Memory again = stored(advance);
            assertThat(repeat.outcome()).isEqualTo(FeedbackOutcome.CREATED);
            assertThat(first.id()).isNotEqualTo(again.id());
            assertThat(first.status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(first.supersededBy()).isEqualTo(opposite.id());
            assertThat(first.validFrom()).isEqualTo(T1);
            assertThat(first.validUntil()).isEqualTo(T2);
            assertThat(again.weight()).isEqualTo(1);
            assertThat(again.validFrom()).isEqualTo(T3);
            assertThat(opposite.supersededBy()).isEqualTo(again.id());
            assertThat(opposite.validUntil()).isEqualTo(T3);
        }

        @Test
        void lateMeansBeforeTheOtherWasSaid() {
            FeedbackResult advance = add("Anthropic 可以推进", T2);
            add("Anthropic 可以推进", T3); // advance last seen at T3
            FeedbackResult negative = add("Anthropic 商业化弱", T1);

            assertThat(stored(negative).status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(stored(negative).validUntil()).isEqualTo(T2);
            assertThat(stored(advance).status()).isEqualTo(MemoryStatus.ACTIVE);
            assertThat(stored(advance).weight()).isEqualTo(2);
        }

        @Test
        void aReversalSaidBetweenTwoMentionsHoldsUntilTheSecondOneWhichIsAMemoryOfItsOwn() {
            FeedbackResult advance = add("Anthropic 可以推进", T1);
            add("Anthropic 可以推进", T3);
            FeedbackResult negative = add("Anthropic 商业化弱", T2);

            Memory first = stored(advance);
            assertThat(first.status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(first.weight()).isEqualTo(1);
            assertThat(first.validUntil()).isEqualTo(T2);
            assertThat(first.supersededBy()).isEqualTo(stored(negative).id());
            Memory second = store.memories(P).stream().filter(m -> m.status() == MemoryStatus.ACTIVE).findFirst()
                    .orElseThrow();
            assertThat(second.content()).isEqualTo("Anthropic 可以推进");
            assertThat(second.weight()).isEqualTo(1);
            assertThat(second.validFrom()).isEqualTo(T3);
            assertThat(stored(negative).supersededBy()).isEqualTo(second.id());
            assertThat(stored(negative).validUntil()).isEqualTo(T3);
            assertThat(kindsFor(first.id())).contains(AuditKind.MEMORY_SPLIT);
        }

        @Test
        void aReversalOfOneEntitySaidBetweenTwoMentionsTakesItFromThenAndTheMemoryKeepsBothMentions() {
            FeedbackResult both = add("OpenAI 和 Anthropic 都可以推进", T1);
            add("OpenAI 和 Anthropic 都可以推进", T3);
            FeedbackResult negative = add("Anthropic 商业化弱", T2);

            Memory kept = stored(both);
            assertThat(kept.status()).isEqualTo(MemoryStatus.ACTIVE);
            assertThat(kept.weight()).isEqualTo(2);
            assertThat(kept.lastSeenAt()).isEqualTo(T3);
            assertThat(kept.supersededEntityKeys()).containsExactly("anthropic");
            assertThat(stored(negative).status()).as("in time order it took Anthropic over at T2")
                    .isEqualTo(MemoryStatus.ACTIVE);
            assertThat(negative.superseded()).containsExactly(kept.id());
            assertThat(kindsFor(kept.id())).contains(AuditKind.MEMORY_PARTIALLY_SUPERSEDED)
                    .doesNotContain(AuditKind.MEMORY_SPLIT);
        }

        @Test
        void aNewerButLessConfidentReversalIsPending() {
            FeedbackResult explicit = add("Anthropic 可以推进", T1, Source.EXPLICIT);
            FeedbackResult inferred = add("Anthropic 商业化弱", T2, Source.INFERRED);

            Memory held = stored(inferred);
            assertThat(inferred.outcome()).isEqualTo(FeedbackOutcome.PENDING);
            assertThat(inferred.superseded()).isEmpty();
            assertThat(held.status()).isEqualTo(MemoryStatus.PENDING);
            assertThat(held.validFrom()).isNull();
            assertThat(stored(explicit).status()).isEqualTo(MemoryStatus.ACTIVE);
            assertThat(stored(explicit).supersededEntityKeys()).isEmpty();
            assertThat(store.rawMessages(P).get(1).outcome()).isEqualTo(FeedbackOutcome.PENDING);
            assertThat(kindsFor(held.id())).containsExactly(AuditKind.MEMORY_PENDING);
            assertThat(kindsFor(stored(explicit).id())).containsExactly(AuditKind.MEMORY_CREATED);
        }

        @Test
        void aLateMoreConfidentFirstMentionHoldsTheReversalSaidAfterItPending() {
            FeedbackResult bot = add("Anthropic 可以推进", T2.minus(Duration.ofHours(1)), Source.BOT);
            FeedbackResult reversal = add("Anthropic 商业化弱", T2, Source.INFERRED);
            FeedbackResult late = add("Anthropic 可以推进", T1, Source.EXPLICIT);

            // in time order the inferred reversal met an explicit advance (said at T1, repeated by the bot)
            Memory advance = stored(late);
            assertThat(late.outcome()).isEqualTo(FeedbackOutcome.DEDUPLICATED);
            assertThat(advance.id()).isEqualTo(stored(bot).id());
            assertThat(advance.weight()).isEqualTo(2);
            assertThat(advance.source()).isEqualTo(Source.EXPLICIT);
            assertThat(advance.status()).isEqualTo(MemoryStatus.ACTIVE);
            assertThat(advance.validFrom()).isEqualTo(T1);
            assertThat(advance.validUntil()).isNull();
            Memory held = stored(reversal);
            assertThat(held.status()).isEqualTo(MemoryStatus.PENDING);
            assertThat(held.validFrom()).isNull();
            assertThat(kindsFor(advance.id())).endsWith(AuditKind.MEMORY_REDERIVED);
            assertThat(kindsFor(held.id())).endsWith(AuditKind.MEMORY_REDERIVED);
            assertThat(store.rawMessages(P)).allMatch(r -> r.memoryId().equals(r.content().contains("推进")
                    ? advance.id() : held.id()));
        }

        @Test
        void aBotReversalOfAnInferredDecisionIsPendingToo() {
            add("Anthropic 可以推进", T1, Source.INFERRED);

            assertThat(add("Anthropic 商业化弱", T2, Source.BOT).outcome()).isEqualTo(FeedbackOutcome.PENDING);
        }

        @Test
        void aMoreConfidentReversalWins() {
            FeedbackResult inferred = add("Anthropic 可以推进", T1, Source.INFERRED);
            FeedbackResult explicit = add("Anthropic 商业化弱", T2, Source.EXPLICIT);

            assertThat(explicit.outcome()).isEqualTo(FeedbackOutcome.CREATED);
            assertThat(stored(inferred).status()).isEqualTo(MemoryStatus.SUPERSEDED);
        }

        @Test
        void supersessionIsPerEntity() {
            FeedbackResult both = add("OpenAI 和 Anthropic 都可以推进", T1);
            FeedbackResult anthropic = add("Anthropic 商业化弱", T2);

            Memory first = stored(both);
            assertThat(first.entities()).containsExactly("OpenAI", "Anthropic");
            assertThat(first.status()).isEqualTo(MemoryStatus.ACTIVE);
            assertThat(first.validUntil()).isNull();
            assertThat(first.supersededBy()).isNull();
            assertThat(first.supersededEntityKeys()).containsExactly("anthropic");
            assertThat(first.liveEntityKeys()).containsExactly("openai");
            assertThat(anthropic.superseded()).containsExactly(first.id());
            assertThat(kindsFor(first.id()))
                    .containsExactly(AuditKind.MEMORY_CREATED, AuditKind.MEMORY_PARTIALLY_SUPERSEDED);

            // once OpenAI is reversed too, nothing is left: wholly superseded
            FeedbackResult openai = add("OpenAI 估值高", T3);

            Memory after = stored(both);
            assertThat(after.status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(after.supersededBy()).isEqualTo(stored(openai).id());
            assertThat(after.validUntil()).isEqualTo(T3);
            assertThat(after.supersededEntityKeys()).containsExactlyInAnyOrder("openai", "anthropic");
            assertThat(kindsFor(after.id())).containsExactly(AuditKind.MEMORY_CREATED,
                    AuditKind.MEMORY_PARTIALLY_SUPERSEDED, AuditKind.MEMORY_SUPERSEDED);
            assertThat(stored(anthropic).status()).isEqualTo(MemoryStatus.ACTIVE);
            assertThat(stored(openai).status()).isEqualTo(MemoryStatus.ACTIVE);
        }

        @Test
        void positiveAgainstNegativeIsNotAConflict() {
            FeedbackResult positive = add("Anthropic 不错", T1);
            FeedbackResult negative = add("Anthropic 商业化弱", T2);

            assertThat(stored(positive).type()).isEqualTo(MemoryType.PROJECT_POSITIVE);
            assertThat(negative.superseded()).isEmpty();
            assertThat(store.memories(P)).extracting(Memory::status).containsOnly(MemoryStatus.ACTIVE);
        }

        @Test
        void aGenericWordIsNotASharedEntity() {
            FeedbackResult zhipu = add("智谱AI 可以推进", T1);
            FeedbackResult figure = add("Figure AI 估值高", T2);

            assertThat(stored(zhipu).entities()).containsExactly("智谱");
            assertThat(stored(figure).entities()).containsExactly("Figure AI");
            assertThat(figure.superseded()).isEmpty();
            assertThat(store.memories(P)).extracting(Memory::status).containsOnly(MemoryStatus.ACTIVE);
        }

        @Test
        void decisionsOnDifferentEntitiesDoNotConflict() {
            add("OpenAI 可以推进", T1);
            FeedbackResult negative = add("Anthropic 商业化弱", T2);

            assertThat(negative.superseded()).isEmpty();
            assertThat(store.memories(P)).extracting(Memory::status).containsOnly(MemoryStatus.ACTIVE);
        }

        @Test
        void decisionsOfAnotherProfileDoNotConflict() {
            intake.add(feedback("pm-bob", "Anthropic 可以推进", T1));
            FeedbackResult negative = add("Anthropic 商业化弱", T2);

            assertThat(negative.superseded()).isEmpty();
            assertThat(store.memories("pm-bob")).extracting(Memory::status).containsOnly(MemoryStatus.ACTIVE);
        }

        @Test
        void twoDecisionsThatBothHeldASecretDoNotShareAnEntity() {
            add("OpenAI 可以推进 sk-abcdefghijklmnopqrstuvwx", T1);
            FeedbackResult other = add("Anthropic 商业化弱 sk-zyxwvutsrqponmlkjihgfedc", T2);

            assertThat(stored(other).entities()).containsExactly("Anthropic");
            assertThat(other.superseded()).isEmpty();
            assertThat(store.memories(P)).extracting(Memory::status).containsOnly(MemoryStatus.ACTIVE);
        }
    }

    // --- redaction (rules.md §7) --------------------------------------------------------------

    @Test
    void secretsAreRedactedBeforeAnythingIsStored() {
        String secret = "sk-abcdefghijklmnopqrstuvwx";
        FeedbackResult r = add("以后不要给我发 " + secret + " 这种东西", T1);

        assertThat(r.redactions()).containsExactly("api_key");
        Memory m = stored(r);
        assertThat(m.type()).isEqualTo(MemoryType.LONG_TERM_PREFERENCE);
        assertThat(m.content()).isEqualTo("以后不要给我发 [REDACTED:api_key] 这种东西");
        RawMessage raw = store.rawMessages(P).get(0);
        assertThat(raw.content()).isEqualTo(m.content());
        assertThat(raw.redactions()).containsExactly("api_key");
        assertThat(store.everything()).allSatisfy(stored ->
                assertThat(stored.toString()).doesNotContain(secret).doesNotContain("abcdefghijklmnop"));
        assertThat(r.toString()).doesNotContain("abcdefghijklmnop");
    }

    @Test
    void anUnclassifiedMessageIsRedactedToo() {
        FeedbackResult r = add("密码: hunter2hunter2 记一下", T1);

        assertThat(r.outcome()).isEqualTo(FeedbackOutcome.UNCLASSIFIED);
        assertThat(r.redactions()).containsExactly("password");
        assertThat(store.rawMessages(P).get(0).content()).contains("[REDACTED:password]").doesNotContain("hunter2");
    }

    @Test
    void auditEventsCarryTheReceiptTimeAndDistinctIds() {
        add("OpenAI 估值高", T1);
        clock.advance(Duration.ofMinutes(5));
        add("OpenAI 估值高", T2);

        assertThat(store.auditEvents(P)).extracting(AuditEvent::at)
                .containsExactly(NOW, NOW.plus(Duration.ofMinutes(5)));
        assertThat(store.auditEvents(P)).extracting(AuditEvent::id).doesNotHaveDuplicates();
    }

    @Test
    void everyStateChangeOfAMemoryHasAnAuditEvent() {
        // a little history: create, reinforce, pending, partial and whole supersession, late arrival
        add("OpenAI 和 Anthropic 都可以推进", T1);
        add("OpenAI 和 Anthropic 都可以推进", T1.plusSeconds(1));
        add("Anthropic 商业化弱", T2, Source.BOT);
        add("Anthropic 商业化弱!", T2.plusSeconds(1));
        add("OpenAI 估值高", T3);
        add("OpenAI 可以推进", T1.plusSeconds(2));

        for (Memory m : store.memories(P)) {
            List<AuditKind> kinds = kindsFor(m.id());
            assertThat(kinds).as("events of %s", m.content()).isNotEmpty();
            assertThat(kinds.get(0)).isIn(AuditKind.MEMORY_CREATED, AuditKind.MEMORY_PENDING);
            if (m.weight() > 1) {
                assertThat(kinds).filteredOn(k -> k == AuditKind.MEMORY_REINFORCED).hasSize(m.weight() - 1);
            }
            if (m.status() == MemoryStatus.SUPERSEDED) {
                assertThat(kinds).contains(AuditKind.MEMORY_SUPERSEDED);
            }
            if (!m.supersededEntityKeys().isEmpty() && m.status() == MemoryStatus.ACTIVE) {
                assertThat(kinds).contains(AuditKind.MEMORY_PARTIALLY_SUPERSEDED);
            }
            if (m.status() == MemoryStatus.PENDING) {
                assertThat(kinds).containsExactly(AuditKind.MEMORY_PENDING);
            }
        }
        assertThat(store.memories(P)).extracting(Memory::status)
                .contains(MemoryStatus.SUPERSEDED, MemoryStatus.PENDING, MemoryStatus.ACTIVE);
        assertThat(Set.copyOf(store.auditEvents(P).stream().map(AuditEvent::id).toList()))
                .hasSize(store.auditEvents(P).size());
    }

    /** A type the caller chose (the console's teach): the classifier is skipped, the rest is as usual. */
    @Nested
    class GivenType {
        private FeedbackResult teach(String message, Instant createdAt, MemoryType type, String messageId) {
            return intake.add(new AddFeedbackCommand(P, message, createdAt, null, messageId, Source.EXPLICIT, type));
        }

        @Test
        void aMessageTheRulesLeaveUnclassifiedIsStoredWithTheGivenType() {
            assertThat(add("Anthropic 今天天气如何", T1).outcome()).isEqualTo(FeedbackOutcome.UNCLASSIFIED);

            FeedbackResult r = teach("Anthropic 今天天气如何", T1, MemoryType.MARKET_INFO, "teach-1");

            assertThat(r.outcome()).isEqualTo(FeedbackOutcome.CREATED);
            Memory m = stored(r);
            assertThat(m.type()).isEqualTo(MemoryType.MARKET_INFO);
            assertThat(m.entities()).containsExactly("Anthropic");
            assertThat(m.expiresAt()).isEqualTo(T1.plus(Duration.ofDays(7)));
            assertThat(store.rawMessages(P).get(1).memoryId()).isEqualTo(m.id());
            assertThat(store.auditEvents(P).stream().filter(e -> m.id().equals(e.memoryId())))
                    .singleElement().satisfies(e -> {
                        assertThat(e.kind()).isEqualTo(AuditKind.MEMORY_CREATED);
                        assertThat(e.detail()).isEqualTo("type=market_info source=explicit type_given=true");
                    });
        }

        @Test
        void theGivenTypeWinsOverWhatTheClassifierWouldSay() {
            Memory m = stored(teach("OpenAI 估值高", T1, MemoryType.LONG_TERM_PREFERENCE, null));

            assertThat(m.type()).isEqualTo(MemoryType.LONG_TERM_PREFERENCE);
            assertThat(m.expiresAt()).isNull();
        }

        @Test
        void theSameContentAndTypeAgainReinforcesTheExistingMemory() {
            FeedbackResult classified = add("OpenAI 估值高", T1);
            FeedbackResult taught = teach("OpenAI 估值高", T2, MemoryType.PROJECT_NEGATIVE, null);

            assertThat(taught.outcome()).isEqualTo(FeedbackOutcome.DEDUPLICATED);
            assertThat(store.memories(P)).singleElement().satisfies(m -> {
                assertThat(m.id()).isEqualTo(stored(classified).id());
                assertThat(m.weight()).isEqualTo(2);
            });
            assertThat(store.auditEvents(P).get(store.auditEvents(P).size() - 1).detail())
                    .isEqualTo("weight=2 type_given=true");
        }

        @Test
        void aGivenDecisionTypeStillSupersedesTheOppositeDecision() {
            FeedbackResult advance = add("Anthropic 可以推进", T1);
            FeedbackResult negative = teach("Anthropic 今天天气如何", T2, MemoryType.PROJECT_NEGATIVE, null);

            assertThat(negative.outcome()).isEqualTo(FeedbackOutcome.CREATED);
            assertThat(negative.superseded()).containsExactly(stored(advance).id());
            assertThat(stored(advance).status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(stored(advance).supersededBy()).isEqualTo(stored(negative).id());
        }

        @Test
        void theSameMessageIdAgainReplaysTheFirstResult() {
            FeedbackResult first = teach("今天天气如何", T1, MemoryType.TEMP_STATUS, "teach-r1");
            FeedbackResult again = teach("今天天气如何", T1, MemoryType.TEMP_STATUS, "teach-r1");

            assertThat(again.outcome()).isEqualTo(FeedbackOutcome.REPLAYED);
            assertThat(again.rawMessageId()).isEqualTo(first.rawMessageId());
            assertThat(store.memories(P)).hasSize(1);
        }
    }
}
