package dev.pmmemory.domain.evolution;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PastStateTest {
    private static final Optional<Duration> DAYS_30 = Optional.of(Duration.ofDays(30));
    private static final Instant MAY_02 = Instant.parse("2026-05-02T09:00:00Z");
    private static final Instant MAY_03 = Instant.parse("2026-05-03T09:00:00Z");
    private static final Instant MAY_20 = Instant.parse("2026-05-20T09:00:00Z");
    private static final Instant MAY_21 = Instant.parse("2026-05-21T09:00:00Z");

    private static Memory.Builder perplexity() {
        return new Memory.Builder().id("m1").profileId("p").type(MemoryType.PROJECT_NEGATIVE)
                .content("Perplexity 商业化弱").normalizedContent("perplexity商业化弱").entities(List.of("Perplexity"))
                .weight(3).createdAt(MAY_02).validFrom(MAY_02).lastSeenAt(MAY_21)
                .expiresAt(MAY_21.plus(Duration.ofDays(30))).sourceMessageIds(List.of("r1", "r2", "r3"));
    }

    private static PastState state(Memory m, List<Supersession> takeovers, Instant setByHandAt) {
        return new PastState(m, List.of(MAY_02, MAY_20, MAY_21), takeovers, DAYS_30, setByHandAt);
    }

    @Test
    void weightLastSeenAndExpiryCountOnlyWhatWasSaidByThen() {
        Memory then = state(perplexity().build(), List.of(), null).at(MAY_03).orElseThrow();

        assertThat(then.weight()).isEqualTo(1);
        assertThat(then.lastSeenAt()).isEqualTo(MAY_02);
        assertThat(then.expiresAt()).isEqualTo(MAY_02.plus(Duration.ofDays(30)));
        assertThat(then.status()).isEqualTo(MemoryStatus.ACTIVE);
    }

    @Test
    void afterTheLastMessageItIsAsStored() {
        Memory stored = perplexity().build();
        assertThat(state(stored, List.of(), null).at(MAY_21)).contains(stored);
    }

    @Test
    void beforeItsFirstMessageItDidNotExist() {
        assertThat(state(perplexity().build(), List.of(), null).at(MAY_02.minusSeconds(1))).isEmpty();
    }

    @Test
    void pastItsExpiryThenItReadsExpired() {
        PastState s = new PastState(perplexity().build(), List.of(MAY_02, Instant.parse("2026-07-20T09:00:00Z")),
                List.of(), DAYS_30, null);
        Memory then = s.at(Instant.parse("2026-06-05T00:00:00Z")).orElseThrow();
        assertThat(then.status()).isEqualTo(MemoryStatus.EXPIRED);
        assertThat(then.lastSeenAt()).isEqualTo(MAY_02);
    }

    @Test
    void entitiesAreGivenUpAtTheTakeoverAndTheWholeSupersessionAtValidUntil() {
        Memory stored = perplexity().entities(List.of("Perplexity", "Kimi")).status(MemoryStatus.SUPERSEDED)
                .supersededEntityKeys(Set.of("perplexity", "kimi")).supersededBy("n2").validUntil(MAY_21).build();
        List<Supersession> takeovers = List.of(
                new Supersession("m1", "n1", Set.of("kimi"), MAY_20, false),
                new Supersession("m1", "n2", Set.of("perplexity"), MAY_21, true));
        PastState s = new PastState(stored, List.of(MAY_02), takeovers, DAYS_30, null);

        assertThat(s.at(MAY_03).orElseThrow().supersededEntityKeys()).isEmpty();
        Memory on20th = s.at(MAY_20).orElseThrow();
        assertThat(on20th.supersededEntityKeys()).containsExactly("kimi");
        assertThat(on20th.status()).isEqualTo(MemoryStatus.ACTIVE);
        assertThat(on20th.supersededBy()).isNull();
        assertThat(on20th.validUntil()).isNull();
        Memory on21st = s.at(MAY_21).orElseThrow();
        assertThat(on21st.status()).isEqualTo(MemoryStatus.SUPERSEDED);
        assertThat(on21st.supersededBy()).isEqualTo("n2");
    }

    @Test
    void anEntityGivenUpWithNoRecordedTakeoverStaysGivenUpThroughout() {
        Memory stored = perplexity().entities(List.of("Perplexity", "Kimi")).supersededEntityKeys(Set.of("kimi"))
                .build();
        assertThat(state(stored, List.of(), null).at(MAY_03).orElseThrow().supersededEntityKeys())
                .containsExactly("kimi");
    }

    @Test
    void aConfirmedMemoryWasPendingBeforeTheConfirm() {
        Memory stored = perplexity().validFrom(MAY_20).build();
        assertThat(state(stored, List.of(), null).at(MAY_03).orElseThrow().status()).isEqualTo(MemoryStatus.PENDING);
        assertThat(state(stored, List.of(), null).at(MAY_20).orElseThrow().status()).isEqualTo(MemoryStatus.ACTIVE);
    }

    @Test
    void aRejectedMemoryWasPendingUntilTheReject() {
        Memory stored = perplexity().validFrom(null).status(MemoryStatus.REJECTED).validUntil(MAY_20).build();
        assertThat(state(stored, List.of(), null).at(MAY_03).orElseThrow().status()).isEqualTo(MemoryStatus.PENDING);
        assertThat(state(stored, List.of(), null).at(MAY_20).orElseThrow().status()).isEqualTo(MemoryStatus.REJECTED);
    }

    @Test
    void anExpirySetByHandHoldsFromTheCorrection() {
        Instant byHand = Instant.parse("2026-05-25T00:00:00Z");
        Memory stored = perplexity().weight(1).lastSeenAt(MAY_02).expiresAt(byHand).sourceMessageIds(List.of("r1"))
                .build();
        PastState s = new PastState(stored, List.of(), List.of(), DAYS_30, MAY_20);

        assertThat(s.at(MAY_03).orElseThrow().expiresAt()).isEqualTo(MAY_02.plus(Duration.ofDays(30)));
        assertThat(s.at(MAY_21).orElseThrow().expiresAt()).isEqualTo(byHand);
    }
}
