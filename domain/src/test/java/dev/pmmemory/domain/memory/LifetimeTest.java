package dev.pmmemory.domain.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** rules.md §5: expires_at, visibility at an instant, and the status a reader sees then. */
class LifetimeTest {
    private static final Instant FROM = Instant.parse("2026-05-01T08:00:00Z");
    private static final Instant UNTIL = FROM.plus(Duration.ofDays(10));
    private static final Instant EXPIRES = FROM.plus(Duration.ofDays(30));
    private static final Duration MS = Duration.ofMillis(1);

    /** Active since FROM, expiring at EXPIRES, never superseded. */
    private static Memory.Builder active() {
        return new Memory.Builder()
                .id("m1")
                .profileId("pm-alice")
                .type(MemoryType.PROJECT_NEGATIVE)
                .content("OpenAI 估值高")
                .normalizedContent("openai估值高")
                .entities(List.of("OpenAI"))
                .keywords(List.of("openai", "估值", "值高"))
                .status(MemoryStatus.ACTIVE)
                .createdAt(FROM)
                .lastSeenAt(FROM)
                .validFrom(FROM)
                .expiresAt(EXPIRES);
    }

    // --- expires_at ------------------------------------------------------------------------------

    @Test
    void expiresAtIsLastSeenPlusTheTtl() {
        Instant lastSeen = Instant.parse("2026-05-03T10:15:30.123Z");

        assertThat(Lifetime.expiresAt(lastSeen, Optional.of(Duration.ofDays(30))))
                .isEqualTo(Instant.parse("2026-06-02T10:15:30.123Z"));
        assertThat(Lifetime.expiresAt(lastSeen, Optional.of(Duration.ofDays(3))))
                .isEqualTo(Instant.parse("2026-05-06T10:15:30.123Z"));
    }

    @Test
    void aPermanentTypeHasNoExpiry() {
        assertThat(Lifetime.expiresAt(FROM, Optional.empty())).isNull();
    }

    // --- visibility ------------------------------------------------------------------------------

    static Stream<Arguments> visibilityBoundaries() {
        Memory open = active().build();
        Memory closed = active().status(MemoryStatus.SUPERSEDED).supersededBy("m2").validUntil(UNTIL).build();
        Memory deleted = active().status(MemoryStatus.DELETED).validUntil(UNTIL).build();
        Memory permanent = active().type(MemoryType.LONG_TERM_PREFERENCE).expiresAt(null).build();
        return Stream.of(
                Arguments.of("before valid_from", open, FROM.minus(MS), false),
                Arguments.of("at valid_from", open, FROM, true),
                Arguments.of("just before expires_at", open, EXPIRES.minus(MS), true),
                Arguments.of("at expires_at (exclusive)", open, EXPIRES, false),
                Arguments.of("after expires_at", open, EXPIRES.plus(Duration.ofDays(1)), false),
                Arguments.of("superseded: just before valid_until", closed, UNTIL.minus(MS), true),
                Arguments.of("superseded: at valid_until (exclusive)", closed, UNTIL, false),
                Arguments.of("superseded: after valid_until", closed, UNTIL.plus(MS), false),
                Arguments.of("superseded: before valid_from", closed, FROM.minus(MS), false),
                Arguments.of("deleted: before valid_until", deleted, UNTIL.minus(MS), true),
                Arguments.of("deleted: at valid_until", deleted, UNTIL, false),
                Arguments.of("permanent: before valid_from", permanent, FROM.minus(MS), false),
                Arguments.of("permanent: at valid_from", permanent, FROM, true),
                Arguments.of("permanent: years later", permanent, FROM.plus(Duration.ofDays(3650)), true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("visibilityBoundaries")
    void visibleInsideTheHalfOpenWindow(String name, Memory m, Instant t, boolean visible) {
        assertThat(Lifetime.isVisibleAt(m, t)).isEqualTo(visible);
    }

    @Test
    void aValidUntilAfterTheExpiryDoesNotExtendIt() {
        Memory m = active().validUntil(EXPIRES.plus(Duration.ofDays(5))).build();

        assertThat(Lifetime.isVisibleAt(m, EXPIRES.minus(MS))).isTrue();
        assertThat(Lifetime.isVisibleAt(m, EXPIRES)).isFalse();
    }

    @ParameterizedTest
    @EnumSource(value = MemoryStatus.class, names = {"PENDING", "REJECTED"})
    void pendingAndRejectedAreNeverVisible(MemoryStatus status) {
        Memory withoutValidFrom = active().status(status).validFrom(null).build();
        Memory permanent = active().type(MemoryType.LONG_TERM_PREFERENCE).expiresAt(null).status(status)
                .validFrom(null).build();

        for (Instant t : List.of(FROM.minus(MS), FROM, FROM.plus(Duration.ofDays(1)), EXPIRES.minus(MS), EXPIRES,
                FROM.plus(Duration.ofDays(3650)))) {
            assertThat(Lifetime.isVisibleAt(withoutValidFrom, t)).as("%s at %s", status, t).isFalse();
            assertThat(Lifetime.isVisibleAt(permanent, t)).as("permanent %s at %s", status, t).isFalse();
        }
    }

    /** The visibility rule reads the window alone: a memory that never was visible has no valid_from. */
    @ParameterizedTest
    @EnumSource(value = MemoryStatus.class, names = {"PENDING", "REJECTED"})
    void aPendingOrRejectedMemoryCannotHaveAValidFrom(MemoryStatus status) {
        assertThatThrownBy(() -> active().status(status).build())
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no valid_from");
    }

    @Test
    void aMemoryWithoutValidFromIsNotVisible() {
        assertThat(Lifetime.isVisibleAt(active().validFrom(null).build(), FROM.plus(Duration.ofDays(1)))).isFalse();
    }

    @Test
    void anExpiredStatusMaterialisedBySweepStillShowsThePastAsItWas() {
        Memory swept = active().status(MemoryStatus.EXPIRED).build();

        assertThat(Lifetime.isVisibleAt(swept, EXPIRES.minus(MS))).isTrue();
        assertThat(Lifetime.isVisibleAt(swept, EXPIRES)).isFalse();
    }

    // --- status as of an instant -----------------------------------------------------------------

    static Stream<Arguments> statusesAtAnInstant() {
        Memory open = active().build();
        Memory superseded = active().status(MemoryStatus.SUPERSEDED).supersededBy("m2").validUntil(UNTIL).build();
        Memory swept = active().status(MemoryStatus.EXPIRED).build();
        Memory pending = active().status(MemoryStatus.PENDING).validFrom(null).build();
        Memory rejected = active().status(MemoryStatus.REJECTED).validFrom(null).build();
        Memory deleted = active().status(MemoryStatus.DELETED).validUntil(UNTIL).build();
        Memory permanent = active().type(MemoryType.LONG_TERM_PREFERENCE).expiresAt(null).build();
        return Stream.of(
                Arguments.of("active while visible", open, FROM.plus(Duration.ofDays(1)), MemoryStatus.ACTIVE),
                Arguments.of("active just before expiry", open, EXPIRES.minus(MS), MemoryStatus.ACTIVE),
                Arguments.of("active at expires_at reads expired", open, EXPIRES, MemoryStatus.EXPIRED),
                Arguments.of("active long past expiry reads expired", open, EXPIRES.plus(Duration.ofDays(99)),
                        MemoryStatus.EXPIRED),
                Arguments.of("superseded, read before valid_until: was active then", superseded,
                        UNTIL.minus(MS), MemoryStatus.ACTIVE),
                Arguments.of("superseded at valid_until", superseded, UNTIL, MemoryStatus.SUPERSEDED),
                Arguments.of("superseded past expiry stays superseded", superseded, EXPIRES.plus(MS),
                        MemoryStatus.SUPERSEDED),
                Arguments.of("swept expired, read before expiry: was active then", swept, EXPIRES.minus(MS),
                        MemoryStatus.ACTIVE),
                Arguments.of("swept expired, read after expiry", swept, EXPIRES, MemoryStatus.EXPIRED),
                Arguments.of("pending", pending, FROM.plus(Duration.ofDays(1)), MemoryStatus.PENDING),
                Arguments.of("rejected", rejected, FROM.plus(Duration.ofDays(1)), MemoryStatus.REJECTED),
                Arguments.of("deleted, read before valid_until", deleted, UNTIL.minus(MS), MemoryStatus.ACTIVE),
                Arguments.of("deleted at valid_until", deleted, UNTIL, MemoryStatus.DELETED),
                Arguments.of("permanent never reads expired", permanent, FROM.plus(Duration.ofDays(3650)),
                        MemoryStatus.ACTIVE));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("statusesAtAnInstant")
    void statusAt(String name, Memory m, Instant t, MemoryStatus expected) {
        assertThat(Lifetime.statusAt(m, t)).isEqualTo(expected);
    }

    // --- visible during a range (the write path's candidates, issue 9) ----------------------------

    static Stream<Arguments> visibilityDuringRanges() {
        Memory open = active().build();
        Memory closed = active().status(MemoryStatus.SUPERSEDED).validUntil(UNTIL).build();
        Memory emptyWindow = active().status(MemoryStatus.SUPERSEDED).validUntil(FROM).build();
        Memory permanent = active().expiresAt(null).build();
        Memory pending = active().status(MemoryStatus.PENDING).validFrom(null).build();
        Memory swept = active().status(MemoryStatus.EXPIRED).build();
        return Stream.of(
                Arguments.of("range inside the window", open, FROM.plus(MS), FROM.plus(MS.multipliedBy(2)), true),
                Arguments.of("range starting at the expiry", open, EXPIRES, null, false),
                Arguments.of("range starting just before the expiry", open, EXPIRES.minus(MS), null, true),
                Arguments.of("range ending at valid_from", open, FROM.minus(Duration.ofDays(3)), FROM, false),
                Arguments.of("range ending just after valid_from", open, FROM.minus(Duration.ofDays(3)),
                        FROM.plus(MS), true),
                Arguments.of("range starting at valid_until", closed, UNTIL, null, false),
                Arguments.of("range starting before valid_until", closed, UNTIL.minus(MS), null, true),
                Arguments.of("an empty window is never visible", emptyWindow, FROM.minus(Duration.ofDays(1)), null,
                        false),
                Arguments.of("permanent, range years later", permanent, FROM.plus(Duration.ofDays(3650)), null, true),
                Arguments.of("pending", pending, FROM, null, false),
                Arguments.of("swept as expired, range while it was visible", swept, FROM.plus(MS), null, true));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("visibilityDuringRanges")
    void visibleDuringARangeMeansItsWindowMeetsTheRange(String name, Memory m, Instant from, Instant until,
                                                         boolean expected) {
        assertThat(Lifetime.isVisibleDuring(m, from, until)).isEqualTo(expected);
    }

    @Test
    void visibleAtAnInstantImpliesVisibleDuringTheRangeStartingThere() {
        Memory m = active().build();
        for (Instant t = FROM.minus(Duration.ofDays(1)); t.isBefore(EXPIRES.plus(Duration.ofDays(1)));
             t = t.plus(Duration.ofHours(7))) {
            if (Lifetime.isVisibleAt(m, t)) {
                assertThat(Lifetime.isVisibleDuring(m, t, t.plus(MS))).as("at %s", t).isTrue();
            } else {
                assertThat(Lifetime.isVisibleDuring(m, t, t.plus(MS))).as("at %s", t).isFalse();
            }
        }
    }
}
