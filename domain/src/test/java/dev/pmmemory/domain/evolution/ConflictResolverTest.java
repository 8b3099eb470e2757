package dev.pmmemory.domain.evolution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.PendingReason;
import dev.pmmemory.domain.memory.Source;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** rules.md §4: decision reversals, late arrivals, low-confidence reversals, per-entity supersession. */
class ConflictResolverTest {
    private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");
    private static final Instant DAY1 = T0.plus(Duration.ofDays(1));
    private static final Instant DAY2 = T0.plus(Duration.ofDays(2));
    private static final Instant DAY3 = T0.plus(Duration.ofDays(3));

    private final ConflictResolver resolver = new ConflictResolver();

    /** An active explicit memory said at {@code at} (created = last seen = valid_from). */
    private static Memory.Builder memory(String id, MemoryType type, Instant at, String... entities) {
        return new Memory.Builder()
                .id(id)
                .profileId("pm-alice")
                .type(type)
                .content(id + " " + String.join(" ", entities))
                .normalizedContent(id)
                .entities(List.of(entities))
                .keywords(List.of())
                .status(MemoryStatus.ACTIVE)
                .source(Source.EXPLICIT)
                .createdAt(at)
                .lastSeenAt(at)
                .validFrom(at)
                .expiresAt(at.plus(Duration.ofDays(30)))
                .sourceMessageIds(List.of("raw-" + id));
    }

    private static Memory advance(String id, Instant at, String... entities) {
        return memory(id, MemoryType.PROJECT_ADVANCE, at, entities).build();
    }

    private static Memory negative(String id, Instant at, String... entities) {
        return memory(id, MemoryType.PROJECT_NEGATIVE, at, entities).build();
    }

    private static void assertUntouched(Resolution r, Memory incoming) {
        assertThat(r.incoming()).isEqualTo(incoming);
        assertThat(r.changed()).isEmpty();
        assertThat(r.supersessions()).isEmpty();
    }

    // --- a newer decision with at least the same confidence -------------------------------------

    static Stream<Arguments> confidenceAtLeastAsHigh() {
        return Stream.of(
                Arguments.of(Source.EXPLICIT, Source.EXPLICIT),
                Arguments.of(Source.EXPLICIT, Source.INFERRED),
                Arguments.of(Source.EXPLICIT, Source.BOT),
                Arguments.of(Source.INFERRED, Source.INFERRED),
                Arguments.of(Source.INFERRED, Source.BOT),
                Arguments.of(Source.BOT, Source.BOT));
    }

    @ParameterizedTest(name = "new {0} over old {1}")
    @MethodSource("confidenceAtLeastAsHigh")
    void aNewerDecisionWithAtLeastTheSameConfidenceSupersedesTheOldOne(Source newSource, Source oldSource) {
        Memory old = memory("e1", MemoryType.PROJECT_ADVANCE, T0, "Anthropic").source(oldSource).build();
        Memory incoming = memory("n1", MemoryType.PROJECT_NEGATIVE, DAY1, "Anthropic").source(newSource).build();

        Resolution r = resolver.resolve(incoming, List.of(old));

        assertThat(r.incoming()).isEqualTo(incoming);
        assertThat(r.changed()).singleElement().satisfies(e -> {
            assertThat(e.id()).isEqualTo("e1");
            assertThat(e.status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(e.supersededBy()).isEqualTo("n1");
            assertThat(e.validUntil()).isEqualTo(DAY1);
            assertThat(e.supersededEntityKeys()).containsExactly("anthropic");
            assertThat(e.validFrom()).isEqualTo(T0); // history is kept, not rewritten
            assertThat(e.content()).isEqualTo(old.content());
        });
        assertThat(r.supersessions()).containsExactly(
                new Supersession("e1", "n1", Set.of("anthropic"), DAY1, true));
    }

    @Test
    void itWorksTheOtherWayRoundToo() {
        Resolution r = resolver.resolve(advance("n1", DAY1, "Anthropic"), List.of(negative("e1", T0, "Anthropic")));

        assertThat(r.changed()).singleElement().satisfies(e -> {
            assertThat(e.status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(e.supersededBy()).isEqualTo("n1");
        });
    }

    @Test
    void equalTimestampsCountAsNewer() {
        Memory old = advance("e1", DAY1, "Anthropic");
        Memory incoming = negative("n1", DAY1, "Anthropic");

        Resolution r = resolver.resolve(incoming, List.of(old));

        assertThat(r.incoming().status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(r.changed()).singleElement().satisfies(e -> {
            assertThat(e.status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(e.validUntil()).isEqualTo(DAY1);
        });
    }

    @Test
    void equalTimestampsButLowerConfidenceIsPendingForTheConflict() {
        Memory old = advance("e1", DAY1, "Anthropic");
        Memory incoming = memory("n1", MemoryType.PROJECT_NEGATIVE, DAY1, "Anthropic").source(Source.BOT).build();

        Resolution r = resolver.resolve(incoming, List.of(old));

        assertThat(r.incoming().status()).isEqualTo(MemoryStatus.PENDING);
        assertThat(r.incoming().pendingReason()).isEqualTo(PendingReason.CONFLICT);
        assertThat(r.changed()).isEmpty();
    }

    @Test
    void theOldMemoryIsComparedByItsLastSeenNotItsCreation() {
        // created before the new message, but repeated after it: the new message is the late one
        Memory old = memory("e1", MemoryType.PROJECT_ADVANCE, T0, "Anthropic").lastSeenAt(DAY2).build();
        Memory incoming = negative("n1", DAY1, "Anthropic");

        Resolution r = resolver.resolve(incoming, List.of(old));

        assertThat(r.changed()).isEmpty();
        assertThat(r.incoming().status()).isEqualTo(MemoryStatus.SUPERSEDED);
        assertThat(r.incoming().supersededBy()).isEqualTo("e1");
    }

    @Test
    void everyOppositeDecisionSharingAnEntityIsSuperseded() {
        Memory e1 = advance("e1", T0, "Anthropic");
        Memory e2 = advance("e2", DAY1, "Anthropic", "OpenAI");
        Memory incoming = negative("n1", DAY2, "Anthropic", "OpenAI");

        Resolution r = resolver.resolve(incoming, List.of(e2, e1));

        assertThat(r.changedIds()).containsExactly("e1", "e2");
        assertThat(r.changed()).allSatisfy(e -> {
            assertThat(e.status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(e.supersededBy()).isEqualTo("n1");
            assertThat(e.validUntil()).isEqualTo(DAY2);
        });
        assertThat(r.incoming().status()).isEqualTo(MemoryStatus.ACTIVE);
    }

    // --- a late arrival --------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(Source.class)
    void aMessageThatArrivesLateIsStoredAlreadySupersededWhateverItsConfidence(Source newSource) {
        Memory newer = memory("e1", MemoryType.PROJECT_NEGATIVE, DAY2, "Anthropic").source(Source.BOT).build();
        Memory late = memory("n1", MemoryType.PROJECT_ADVANCE, DAY1, "Anthropic").source(newSource).build();

        Resolution r = resolver.resolve(late, List.of(newer));

        assertThat(r.changed()).isEmpty(); // the newer decision stays active, untouched
        Memory stored = r.incoming();
        assertThat(stored.status()).isEqualTo(MemoryStatus.SUPERSEDED);
        assertThat(stored.supersededBy()).isEqualTo("e1");
        assertThat(stored.supersededEntityKeys()).containsExactly("anthropic");
        assertThat(stored.validFrom()).isEqualTo(DAY1);
        // history: it held from the moment it was said until the newer decision was said
        assertThat(stored.validUntil()).isEqualTo(DAY2);
        assertThat(r.supersessions()).containsExactly(new Supersession("n1", "e1", Set.of("anthropic"), DAY2, true));
    }

    @Test
    void aLateMessageSaidAfterTheWinnerWasFirstSaidHoldsForNoTime() {
        // the winner was first said on day 0 and repeated on day 2; the late message was said on day 1
        Memory winner = memory("e1", MemoryType.PROJECT_NEGATIVE, T0, "Anthropic").lastSeenAt(DAY2).build();
        Memory late = advance("n1", DAY1, "Anthropic");

        Memory stored = resolver.resolve(late, List.of(winner)).incoming();

        assertThat(stored.status()).isEqualTo(MemoryStatus.SUPERSEDED);
        assertThat(stored.validUntil()).isEqualTo(DAY1);
        assertThat(stored.validFrom()).isEqualTo(DAY1);
    }

    @Test
    void aLateMessageIsClosedByTheFirstNewerDecisionNotTheLatest() {
        // in time order w1 (day 2) took it over; w2 (day 3) found it already superseded
        Memory w1 = advance("w1", DAY2, "Anthropic");
        Memory w2 = advance("w2", DAY3, "Anthropic");
        Memory late = negative("n1", DAY1, "Anthropic");

        Resolution r = resolver.resolve(late, List.of(w2, w1));

        assertThat(r.changed()).isEmpty();
        assertThat(r.incoming().supersededBy()).isEqualTo("w1");
        assertThat(r.incoming().validUntil()).isEqualTo(DAY2);
        assertThat(r.supersessions()).containsExactly(new Supersession("n1", "w1", Set.of("anthropic"), DAY2, true));
    }

    @Test
    void eachEntityOfALateMessageIsTakenOverByItsFirstNewerDecision() {
        Memory w1 = advance("w1", DAY2, "Anthropic");
        Memory w2 = advance("w2", DAY3, "Anthropic", "OpenAI");
        Memory late = negative("n1", DAY1, "Anthropic", "OpenAI");

        Resolution r = resolver.resolve(late, List.of(w2, w1));

        // Anthropic from day 2 (w1), OpenAI from day 3 (w2): wholly superseded only then
        assertThat(r.supersessions()).containsExactly(
                new Supersession("n1", "w1", Set.of("anthropic"), DAY2, false),
                new Supersession("n1", "w2", Set.of("openai"), DAY3, true));
        assertThat(r.incoming().status()).isEqualTo(MemoryStatus.SUPERSEDED);
        assertThat(r.incoming().supersededBy()).isEqualTo("w2");
        assertThat(r.incoming().validUntil()).isEqualTo(DAY3);
    }

    // --- newer but less confident ----------------------------------------------------------------

    static Stream<Arguments> lowerConfidence() {
        return Stream.of(
                Arguments.of(Source.INFERRED, Source.EXPLICIT),
                Arguments.of(Source.BOT, Source.EXPLICIT),
                Arguments.of(Source.BOT, Source.INFERRED));
    }

    @ParameterizedTest(name = "new {0} against old {1}")
    @MethodSource("lowerConfidence")
    void aNewerButLessConfidentDecisionIsPendingAndChangesNothing(Source newSource, Source oldSource) {
        Memory old = memory("e1", MemoryType.PROJECT_ADVANCE, T0, "Anthropic").source(oldSource).build();
        Memory incoming = memory("n1", MemoryType.PROJECT_NEGATIVE, DAY1, "Anthropic").source(newSource).build();

        Resolution r = resolver.resolve(incoming, List.of(old));

        assertThat(r.incoming().status()).isEqualTo(MemoryStatus.PENDING);
        assertThat(r.incoming().validFrom()).isNull();
        assertThat(r.incoming().validUntil()).isNull();
        assertThat(r.incoming().supersededBy()).isNull();
        assertThat(r.incoming().supersededEntityKeys()).isEmpty();
        assertThat(r.changed()).isEmpty();
        assertThat(r.supersessions()).isEmpty();
    }

    @Test
    void oneMoreConfidentOpponentMakesItPendingForAllOfThem() {
        Memory weak = memory("e1", MemoryType.PROJECT_ADVANCE, T0, "Anthropic").source(Source.BOT).build();
        Memory strong = memory("e2", MemoryType.PROJECT_ADVANCE, T0, "OpenAI").source(Source.EXPLICIT).build();
        Memory incoming = memory("n1", MemoryType.PROJECT_NEGATIVE, DAY1, "Anthropic", "OpenAI")
                .source(Source.INFERRED).build();

        Resolution r = resolver.resolve(incoming, List.of(weak, strong));

        assertThat(r.incoming().status()).isEqualTo(MemoryStatus.PENDING);
        assertThat(r.changed()).isEmpty();
        assertThat(r.supersessions()).isEmpty();
    }

    @Test
    void aConfirmedPendingDecisionWinsWhateverTheConfidence() {
        Memory strong = memory("e1", MemoryType.PROJECT_ADVANCE, T0, "Anthropic").source(Source.EXPLICIT).build();
        Memory pending = memory("n1", MemoryType.PROJECT_NEGATIVE, DAY1, "Anthropic").source(Source.BOT)
                .status(MemoryStatus.PENDING).validFrom(null).build();

        Resolution r = resolver.resolveConfirmed(pending, List.of(strong), DAY3);

        assertThat(r.incoming().status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(r.incoming().validFrom()).isEqualTo(DAY3);
        assertThat(r.incoming().source()).isEqualTo(Source.BOT);
        assertThat(r.changed()).singleElement().satisfies(e -> {
            assertThat(e.status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(e.supersededBy()).isEqualTo("n1");
            assertThat(e.validUntil()).isEqualTo(DAY3); // taken over when the PM confirmed
        });
        assertThat(r.supersessions()).containsExactly(new Supersession("e1", "n1", Set.of("anthropic"), DAY3, true));
    }

    // --- per-entity supersession -----------------------------------------------------------------

    @Nested
    class PerEntity {
        private final Memory both = advance("e1", T0, "OpenAI", "Anthropic");

        @Test
        void anOldMemoryGivesUpOnlyTheSharedEntitiesAndStaysActiveForTheRest() {
            Resolution r = resolver.resolve(negative("n1", DAY1, "Anthropic"), List.of(both));

            assertThat(r.incoming().status()).isEqualTo(MemoryStatus.ACTIVE);
            assertThat(r.changed()).singleElement().satisfies(e -> {
                assertThat(e.status()).isEqualTo(MemoryStatus.ACTIVE);
                assertThat(e.supersededEntityKeys()).containsExactly("anthropic");
                assertThat(e.liveEntityKeys()).containsExactly("openai");
                assertThat(e.supersededBy()).isNull();
                assertThat(e.validUntil()).isNull();
            });
            assertThat(r.supersessions()).containsExactly(
                    new Supersession("e1", "n1", Set.of("anthropic"), DAY1, false));
        }

        @Test
        void itIsWhollySupersededOnceEveryEntityIsTaken() {
            Memory afterFirst = resolver.resolve(negative("n1", DAY1, "Anthropic"), List.of(both)).changed().get(0);

            Resolution second = resolver.resolve(negative("n2", DAY2, "OpenAI"), List.of(afterFirst));

            assertThat(second.changed()).singleElement().satisfies(e -> {
                assertThat(e.status()).isEqualTo(MemoryStatus.SUPERSEDED);
                assertThat(e.supersededEntityKeys()).containsExactlyInAnyOrder("anthropic", "openai");
                assertThat(e.supersededBy()).isEqualTo("n2");
                assertThat(e.validUntil()).isEqualTo(DAY2);
            });
            assertThat(second.supersessions()).containsExactly(
                    new Supersession("e1", "n2", Set.of("openai"), DAY2, true));
        }

        @Test
        void anEntityAlreadyGivenUpIsNoLongerAConflict() {
            Memory afterFirst = resolver.resolve(negative("n1", DAY1, "Anthropic"), List.of(both)).changed().get(0);
            Memory again = negative("n2", DAY2, "Anthropic");

            assertUntouched(resolver.resolve(again, List.of(afterFirst)), again);
        }

        @Test
        void aLateMessageGivesUpOnlyTheEntitiesTheNewerDecisionHolds() {
            Memory newer = negative("e1", DAY2, "Anthropic");
            Memory late = advance("n1", DAY1, "OpenAI", "Anthropic");

            Resolution r = resolver.resolve(late, List.of(newer));

            assertThat(r.changed()).isEmpty();
            assertThat(r.incoming().status()).isEqualTo(MemoryStatus.ACTIVE);
            assertThat(r.incoming().liveEntityKeys()).containsExactly("openai");
            assertThat(r.incoming().validUntil()).isNull();
            assertThat(r.supersessions()).containsExactly(
                    new Supersession("n1", "e1", Set.of("anthropic"), DAY2, false));
        }

        @Test
        void oneOlderAndOneNewerOpponentOnDifferentEntities() {
            Memory older = negative("e1", T0, "OpenAI");
            Memory newer = negative("e2", DAY2, "Anthropic");
            Memory incoming = advance("n1", DAY1, "OpenAI", "Anthropic");

            Resolution r = resolver.resolve(incoming, List.of(newer, older));

            assertThat(r.changed()).singleElement().satisfies(e -> {
                assertThat(e.id()).isEqualTo("e1");
                assertThat(e.status()).isEqualTo(MemoryStatus.SUPERSEDED);
                assertThat(e.supersededBy()).isEqualTo("n1");
            });
            assertThat(r.incoming().status()).isEqualTo(MemoryStatus.ACTIVE);
            assertThat(r.incoming().liveEntityKeys()).containsExactly("openai");
        }

        @Test
        void entitiesAreComparedCaseInsensitivelyAfterNfkc() {
            Memory old = advance("e1", T0, "ＯｐｅｎＡＩ");

            Resolution r = resolver.resolve(negative("n1", DAY1, "openai"), List.of(old));

            assertThat(r.changed()).singleElement()
                    .satisfies(e -> assertThat(e.status()).isEqualTo(MemoryStatus.SUPERSEDED));
        }
    }

    // --- not conflicts ---------------------------------------------------------------------------

    @Test
    void positiveAgainstNegativeIsNotAConflict() {
        Memory positive = memory("e1", MemoryType.PROJECT_POSITIVE, T0, "OpenAI").build();
        Memory incomingNegative = negative("n1", DAY1, "OpenAI");
        Memory negativeBefore = negative("e2", T0, "OpenAI");
        Memory incomingPositive = memory("n2", MemoryType.PROJECT_POSITIVE, DAY1, "OpenAI").build();

        assertUntouched(resolver.resolve(incomingNegative, List.of(positive)), incomingNegative);
        assertUntouched(resolver.resolve(incomingPositive, List.of(negativeBefore)), incomingPositive);
    }

    @ParameterizedTest
    @EnumSource(value = MemoryType.class, names = {"LONG_TERM_PREFERENCE", "PROJECT_POSITIVE", "MARKET_INFO",
            "TEMP_STATUS"})
    void nonDecisionTypesNeverConflict(MemoryType type) {
        Memory incoming = memory("n1", type, DAY1, "OpenAI").build();
        List<Memory> existing = List.of(advance("e1", T0, "OpenAI"), negative("e2", T0, "OpenAI"),
                memory("e3", type, T0, "OpenAI").build());

        assertUntouched(resolver.resolve(incoming, existing), incoming);
        assertThat(ConflictResolver.oppositeDecision(type)).isEmpty();
    }

    @Test
    void theSameDecisionAgainIsNotAConflict() {
        Memory incoming = negative("n1", DAY1, "OpenAI");

        assertUntouched(resolver.resolve(incoming, List.of(negative("e1", T0, "OpenAI"))), incoming);
    }

    @Test
    void oppositeDecisionsOnDifferentEntitiesAreNotAConflict() {
        Memory incoming = negative("n1", DAY1, "OpenAI");

        assertUntouched(resolver.resolve(incoming, List.of(advance("e1", T0, "Anthropic"))), incoming);
        Memory noEntities = negative("n2", DAY1);
        assertUntouched(resolver.resolve(noEntities, List.of(advance("e2", T0))), noEntities);
    }

    @ParameterizedTest
    @EnumSource(value = MemoryStatus.class, names = {"SUPERSEDED", "EXPIRED", "DELETED"})
    void anOppositeDecisionThatHadEndedWhenTheMessageWasSaidTakesNoPart(MemoryStatus status) {
        Memory ended = memory("e1", MemoryType.PROJECT_ADVANCE, T0, "OpenAI").status(status)
                .validUntil(status == MemoryStatus.EXPIRED ? null : DAY1)
                .expiresAt(status == MemoryStatus.EXPIRED ? DAY1 : T0.plus(Duration.ofDays(30))).build();
        Memory incoming = negative("n1", DAY1, "OpenAI");

        assertUntouched(resolver.resolve(incoming, List.of(ended)), incoming);
    }

    @ParameterizedTest
    @EnumSource(value = MemoryStatus.class, names = {"PENDING", "REJECTED"})
    void aPendingOrRejectedOppositeDecisionTakesNoPart(MemoryStatus status) {
        Memory unsettled = memory("e1", MemoryType.PROJECT_ADVANCE, T0, "OpenAI").status(status).validFrom(null)
                .build();
        Memory incoming = negative("n1", DAY1, "OpenAI");

        assertUntouched(resolver.resolve(incoming, List.of(unsettled)), incoming);
    }

    @Test
    void anOppositeDecisionStoredActiveButExpiredWhenTheMessageWasSaidTakesNoPart() {
        // the example: an explicit negative 45 days old must not hold an inferred advance pending
        Instant said = T0.plus(Duration.ofDays(45));
        Memory stale = negative("e1", T0, "Mistral");
        Memory incoming = memory("n1", MemoryType.PROJECT_ADVANCE, said, "Mistral").source(Source.INFERRED).build();

        assertUntouched(resolver.resolve(incoming, List.of(stale)), incoming);
    }

    @Test
    void anOppositeDecisionTheSweepMarkedExpiredStillCountsForAMessageSaidWhileItWasVisible() {
        Memory sweptLater = memory("e1", MemoryType.PROJECT_ADVANCE, T0, "OpenAI").status(MemoryStatus.EXPIRED)
                .build();
        Memory incoming = negative("n1", DAY1, "OpenAI");

        Resolution r = resolver.resolve(incoming, List.of(sweptLater));

        assertThat(r.changed()).singleElement().satisfies(e -> {
            assertThat(e.status()).isEqualTo(MemoryStatus.SUPERSEDED);
            assertThat(e.validUntil()).isEqualTo(DAY1);
        });
    }

    @Test
    void anOppositeDecisionSaidAfterALateMessageTakesItOverOnlyIfSaidBeforeTheMessageExpired() {
        Memory incoming = negative("n1", T0, "OpenAI");
        Memory withinItsLife = advance("e1", T0.plus(Duration.ofDays(10)), "OpenAI");
        Memory afterItsLife = advance("e2", T0.plus(Duration.ofDays(31)), "OpenAI");

        Resolution r = resolver.resolve(incoming, List.of(withinItsLife));
        assertThat(r.incoming().status()).isEqualTo(MemoryStatus.SUPERSEDED);
        assertThat(r.incoming().supersededBy()).isEqualTo("e1");
        assertThat(r.incoming().validUntil()).isEqualTo(withinItsLife.createdAt());
        assertThat(r.changed()).isEmpty();

        assertUntouched(resolver.resolve(incoming, List.of(afterItsLife)), incoming);
    }

    @Test
    void theOppositeOfEachDecisionType() {
        assertThat(ConflictResolver.oppositeDecision(MemoryType.PROJECT_ADVANCE))
                .isEqualTo(Optional.of(MemoryType.PROJECT_NEGATIVE));
        assertThat(ConflictResolver.oppositeDecision(MemoryType.PROJECT_NEGATIVE))
                .isEqualTo(Optional.of(MemoryType.PROJECT_ADVANCE));
    }
}
