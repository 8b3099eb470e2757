package dev.pmmemory.domain.evolution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** rules.md §3 step 5: the same content again strengthens the active memory. */
class DeduplicatorTest {
    private static final Instant T0 = Instant.parse("2026-05-01T08:00:00Z");
    private static final Optional<Duration> THIRTY_DAYS = Optional.of(Duration.ofDays(30));

    private final Deduplicator dedup = new Deduplicator();

    /** An active 30-day memory first said at T0, last seen at T0 + 2 days, weight 3. */
    private static Memory.Builder existing() {
        return new Memory.Builder()
                .id("m1")
                .profileId("pm-alice")
                .type(MemoryType.PROJECT_NEGATIVE)
                .content("OpenAI 估值高")
                .normalizedContent("openai估值高")
                .entities(List.of("OpenAI"))
                .keywords(List.of("openai", "估值", "值高"))
                .weight(3)
                .status(MemoryStatus.ACTIVE)
                .source(Source.EXPLICIT)
                .sessionId("s-1")
                .createdAt(T0)
                .lastSeenAt(T0.plus(Duration.ofDays(2)))
                .validFrom(T0)
                .expiresAt(T0.plus(Duration.ofDays(32)))
                .sourceMessageIds(List.of("raw-1", "raw-2", "raw-3"));
    }

    private static MemoryDraft repeat(String rawId, Instant createdAt, Optional<Duration> ttl) {
        return new MemoryDraft(rawId, "pm-alice", MemoryType.PROJECT_NEGATIVE, "OpenAI估值高！", "openai估值高",
                List.of("OpenAI"), List.of("openai", "估值", "值高"), Source.INFERRED, "s-2", createdAt, ttl);
    }

    @Test
    void aLaterRepeatAddsOneToTheWeightMovesLastSeenAndRestartsTheTtl() {
        Instant said = T0.plus(Duration.ofDays(10));

        Memory merged = dedup.merge(existing().build(), repeat("raw-4", said, THIRTY_DAYS));

        assertThat(merged.weight()).isEqualTo(4);
        assertThat(merged.lastSeenAt()).isEqualTo(said);
        assertThat(merged.expiresAt()).isEqualTo(said.plus(Duration.ofDays(30)));
        assertThat(merged.createdAt()).isEqualTo(T0);
        assertThat(merged.validFrom()).isEqualTo(T0);
        assertThat(merged.sourceMessageIds()).containsExactly("raw-1", "raw-2", "raw-3", "raw-4");
    }

    @Test
    void everythingElseOfTheMemoryIsKept() {
        Memory before = existing().build();

        Memory merged = dedup.merge(before, repeat("raw-4", T0.plus(Duration.ofDays(10)), THIRTY_DAYS));

        assertThat(merged.id()).isEqualTo(before.id());
        assertThat(merged.content()).isEqualTo(before.content());
        assertThat(merged.entities()).isEqualTo(before.entities());
        assertThat(merged.keywords()).isEqualTo(before.keywords());
        assertThat(merged.status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(merged.source()).isEqualTo(Source.EXPLICIT);
        assertThat(merged.sessionId()).isEqualTo("s-1");
        assertThat(merged.validUntil()).isNull();
        assertThat(merged.supersededBy()).isNull();
    }

    /** created_at, last_seen_at, expires_at after a repeat said at an offset (days from T0). */
    static Stream<Arguments> repeatTimes() {
        // existing: created T0, last seen T0+2d, expires T0+32d
        return Stream.of(
                Arguments.of("later than last seen", 10, 0, 10, 40),
                Arguments.of("exactly at last seen", 2, 0, 2, 32),
                Arguments.of("between created and last seen: last seen stays", 1, 0, 2, 32),
                Arguments.of("exactly at created", 0, 0, 2, 32),
                Arguments.of("before created: becomes the first time said", -5, -5, 2, 32));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("repeatTimes")
    void timesAreTheEarliestCreatedAndTheLatestSeen(String name, int saidDay, int createdDay, int lastSeenDay,
                                                    int expiresDay) {
        Memory merged = dedup.merge(existing().build(),
                repeat("raw-4", T0.plus(Duration.ofDays(saidDay)), THIRTY_DAYS));

        assertThat(merged.createdAt()).isEqualTo(T0.plus(Duration.ofDays(createdDay)));
        assertThat(merged.validFrom()).isEqualTo(T0.plus(Duration.ofDays(createdDay)));
        assertThat(merged.lastSeenAt()).isEqualTo(T0.plus(Duration.ofDays(lastSeenDay)));
        assertThat(merged.expiresAt()).isEqualTo(T0.plus(Duration.ofDays(expiresDay)));
        assertThat(merged.weight()).isEqualTo(4);
    }

    @Test
    void theTtlRestartsWithTheLengthTheLexiconGivesNow() {
        Instant said = T0.plus(Duration.ofDays(3));

        Memory merged = dedup.merge(existing().build(), repeat("raw-4", said, Optional.of(Duration.ofDays(7))));

        assertThat(merged.expiresAt()).isEqualTo(said.plus(Duration.ofDays(7)));
    }

    @Test
    void aPermanentMemoryStaysPermanent() {
        Memory preference = existing().type(MemoryType.LONG_TERM_PREFERENCE).content("以后少推国内大模型")
                .normalizedContent("以后少推国内大模型").expiresAt(null).build();
        MemoryDraft again = new MemoryDraft("raw-4", "pm-alice", MemoryType.LONG_TERM_PREFERENCE, "以后少推国内大模型。",
                "以后少推国内大模型", List.of(), List.of(), Source.EXPLICIT, null, T0.plus(Duration.ofDays(400)),
                Optional.empty());

        Memory merged = dedup.merge(preference, again);

        assertThat(merged.expiresAt()).isNull();
        assertThat(merged.isPermanent()).isTrue();
        assertThat(merged.weight()).isEqualTo(4);
        assertThat(merged.lastSeenAt()).isEqualTo(T0.plus(Duration.ofDays(400)));
    }

    @Test
    void repeatsMergedInAnyOrderEndTheSame() {
        MemoryDraft early = repeat("raw-4", T0.minus(Duration.ofDays(1)), THIRTY_DAYS);
        MemoryDraft late = repeat("raw-5", T0.plus(Duration.ofDays(9)), THIRTY_DAYS);

        Memory a = dedup.merge(dedup.merge(existing().build(), early), late);
        Memory b = dedup.merge(dedup.merge(existing().build(), late), early);

        assertThat(List.of(a.weight(), a.createdAt(), a.lastSeenAt(), a.expiresAt()))
                .isEqualTo(List.of(b.weight(), b.createdAt(), b.lastSeenAt(), b.expiresAt()))
                .isEqualTo(List.of(5, T0.minus(Duration.ofDays(1)), T0.plus(Duration.ofDays(9)),
                        T0.plus(Duration.ofDays(39))));
    }

    static Stream<Arguments> notRepeats() {
        Instant said = T0.plus(Duration.ofDays(1));
        return Stream.of(
                Arguments.of("another profile", new MemoryDraft("raw-4", "pm-bob", MemoryType.PROJECT_NEGATIVE,
                        "OpenAI 估值高", "openai估值高", List.of("OpenAI"), List.of(), Source.EXPLICIT, null, said,
                        THIRTY_DAYS)),
                Arguments.of("another type", new MemoryDraft("raw-4", "pm-alice", MemoryType.PROJECT_POSITIVE,
                        "OpenAI 估值高", "openai估值高", List.of("OpenAI"), List.of(), Source.EXPLICIT, null, said,
                        THIRTY_DAYS)),
                Arguments.of("other content", new MemoryDraft("raw-4", "pm-alice", MemoryType.PROJECT_NEGATIVE,
                        "OpenAI 估值很高", "openai估值很高", List.of("OpenAI"), List.of(), Source.EXPLICIT, null, said,
                        THIRTY_DAYS)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("notRepeats")
    void aDraftThatIsNotARepeatIsRefused(String name, MemoryDraft draft) {
        Memory before = existing().build();

        assertThat(Deduplicator.sameMemory(before, draft)).isFalse();
        assertThatThrownBy(() -> dedup.merge(before, draft)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theDedupKeyIsProfileTypeAndNormalisedContent() {
        assertThat(Deduplicator.sameMemory(existing().build(), repeat("raw-4", T0, THIRTY_DAYS))).isTrue();
    }

    // --- which memory a repeat strengthens (issue 9: by time, not by stored status) ---------------

    @Test
    void aRepeatSaidAfterTheMemoryExpiredStrengthensNothing() {
        Memory old = existing().build(); // visible until T0 + 32 days
        MemoryDraft afterExpiry = repeat("raw-4", T0.plus(Duration.ofDays(32)), THIRTY_DAYS);
        MemoryDraft justBefore = repeat("raw-5", T0.plus(Duration.ofDays(32)).minusMillis(1), THIRTY_DAYS);

        assertThat(Deduplicator.target(List.of(old), afterExpiry)).isEmpty();
        assertThat(Deduplicator.target(List.of(old), justBefore)).contains(old);
    }

    @Test
    void aRepeatStrengthensTheMemoryVisibleWhenItWasSaidEvenIfItHasExpiredSince() {
        Memory sweptSince = existing().status(MemoryStatus.EXPIRED).build();
        MemoryDraft late = repeat("raw-4", T0.plus(Duration.ofDays(20)), THIRTY_DAYS);

        assertThat(Deduplicator.target(List.of(sweptSince), late)).contains(sweptSince);
    }

    @Test
    void aRepeatNeverStrengthensAMemorySupersededOrDeletedBeforeItWasSaid() {
        Instant said = T0.plus(Duration.ofDays(5));
        Memory superseded = existing().status(MemoryStatus.SUPERSEDED).validUntil(said).build();
        Memory deleted = existing().id("m2").status(MemoryStatus.DELETED).validUntil(said.minusSeconds(1)).build();
        Memory pending = existing().id("m3").status(MemoryStatus.PENDING).validFrom(null).build();

        assertThat(Deduplicator.target(List.of(superseded, deleted, pending), repeat("raw-4", said, THIRTY_DAYS)))
                .isEmpty();
    }

    @Test
    void aLateRepeatJoinsTheMemoryItWouldHaveStartedInTimeOrder() {
        // said 10 days before the memory's first message: in time order the memory would be its repeat
        Memory later = existing().build();
        MemoryDraft early = repeat("raw-4", T0.minus(Duration.ofDays(10)), THIRTY_DAYS);
        MemoryDraft tooEarly = repeat("raw-5", T0.minus(Duration.ofDays(30)), THIRTY_DAYS);

        assertThat(Deduplicator.target(List.of(later), early)).contains(later);
        assertThat(Deduplicator.target(List.of(later), tooEarly)).isEmpty();
    }

    @Test
    void theMemoryVisibleWhenSaidWinsOverOneThatStartedLater() {
        Memory visible = existing().id("m-b").build();
        Memory startsLater = existing().id("m-a").createdAt(T0.plus(Duration.ofDays(20)))
                .validFrom(T0.plus(Duration.ofDays(20))).lastSeenAt(T0.plus(Duration.ofDays(20)))
                .expiresAt(T0.plus(Duration.ofDays(50))).build();

        assertThat(Deduplicator.target(List.of(startsLater, visible), repeat("raw-4", T0.plus(Duration.ofDays(3)),
                THIRTY_DAYS))).contains(visible);
    }

    @Test
    void aSweptMemoryALateRepeatCarriesPastNowIsActiveAgain() {
        Memory swept = existing().status(MemoryStatus.EXPIRED).build(); // expired T0 + 32 days
        MemoryDraft late = repeat("raw-4", T0.plus(Duration.ofDays(20)), THIRTY_DAYS); // now expires T0 + 50 days

        assertThat(dedup.merge(swept, late, T0.plus(Duration.ofDays(40))).status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(dedup.merge(swept, late, T0.plus(Duration.ofDays(50))).status()).isEqualTo(MemoryStatus.EXPIRED);
    }
}
