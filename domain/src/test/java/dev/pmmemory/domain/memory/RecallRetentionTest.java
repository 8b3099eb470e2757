package dev.pmmemory.domain.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.domain.memory.RecallRetention.Change;
import dev.pmmemory.domain.memory.RecallRetention.Decision;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RecallRetentionTest {
    private static final Instant SEEN = Instant.parse("2026-06-01T00:00:00Z");
    private static final Duration TTL = Duration.ofDays(30);
    private static final RecallRetention RULES = RecallRetention.DEFAULTS;

    private static Memory memory(RecallUse use) {
        return new Memory.Builder().id("m").profileId("p").type(MemoryType.MARKET_INFO).content("x")
                .normalizedContent("x").createdAt(SEEN).lastSeenAt(SEEN).validFrom(SEEN)
                .expiresAt(SEEN.plus(TTL)).recall(use).build();
    }

    @Test
    void recalledOftenEnoughLivesOneTtlFromItsLastRecall() {
        Instant last = SEEN.plus(Duration.ofDays(20));
        Optional<Decision> d = RULES.decide(memory(new RecallUse(3, last)), Optional.of(TTL), 0.3,
                SEEN.plus(Duration.ofDays(21)));
        assertThat(d).contains(new Decision(Change.EXTENDED, last.plus(TTL)));
    }

    @Test
    void recalledTooSeldomKeepsItsExpiry() {
        assertThat(RULES.decide(memory(new RecallUse(2, SEEN.plus(Duration.ofDays(20)))), Optional.of(TTL), 0.3,
                SEEN.plus(Duration.ofDays(21)))).isEmpty();
    }

    @Test
    void neverRecalledLowPriorityFadesToHalfItsTtlButNeverIntoThePast() {
        assertThat(RULES.decide(memory(RecallUse.NEVER), Optional.of(TTL), 0.3, SEEN.plus(Duration.ofDays(1))))
                .contains(new Decision(Change.FADED, SEEN.plus(Duration.ofDays(15))));
        Instant late = SEEN.plus(Duration.ofDays(20));
        assertThat(RULES.decide(memory(RecallUse.NEVER), Optional.of(TTL), 0.3, late))
                .contains(new Decision(Change.FADED, late));
    }

    @Test
    void highPriorityPermanentOrFadedAlreadyStayAsTheyAre() {
        Instant now = SEEN.plus(Duration.ofDays(1));
        assertThat(RULES.decide(memory(RecallUse.NEVER), Optional.of(TTL), 0.9, now)).as("high priority").isEmpty();
        Memory pinned = memory(RecallUse.NEVER).toBuilder().expiresAt(null).build();
        assertThat(RULES.decide(pinned, Optional.of(TTL), 0.3, now)).as("no expiry").isEmpty();
        assertThat(RULES.decide(memory(RecallUse.NEVER), Optional.empty(), 0.3, now)).as("permanent type").isEmpty();
        Memory faded = memory(RecallUse.NEVER).toBuilder().expiresAt(SEEN.plus(Duration.ofDays(15))).build();
        assertThat(RULES.decide(faded, Optional.of(TTL), 0.3, now)).as("a second run").isEmpty();
        Memory pending = new Memory.Builder().id("m").profileId("p").type(MemoryType.MARKET_INFO).content("x")
                .normalizedContent("x").createdAt(SEEN).lastSeenAt(SEEN).expiresAt(SEEN.plus(TTL))
                .status(MemoryStatus.PENDING).entities(List.of()).supersededEntityKeys(Set.of()).build();
        assertThat(RULES.decide(pending, Optional.of(TTL), 0.3, now)).as("not active").isEmpty();
    }

    @Test
    void boundsAreChecked() {
        assertThatThrownBy(() -> new RecallRetention(0, 0.5, 0.6)).hasMessageContaining("extend-after");
        assertThatThrownBy(() -> new RecallRetention(3, 0, 0.6)).hasMessageContaining("fade-factor");
        assertThatThrownBy(() -> new RecallRetention(3, 0.5, 1.5)).hasMessageContaining("fade-max-priority");
    }
}
