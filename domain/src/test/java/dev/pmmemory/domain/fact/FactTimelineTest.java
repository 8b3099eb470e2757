package dev.pmmemory.domain.fact;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.domain.fact.FactTimeline.NewVersion;
import dev.pmmemory.domain.fact.FactTimeline.Refused;
import dev.pmmemory.domain.fact.FactTimeline.Unchanged;
import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One attribute's versions (rules.md §8). */
class FactTimelineTest {
    private static final Instant MAY1 = Instant.parse("2026-05-01T00:00:00Z");
    private static final Instant MAY9 = Instant.parse("2026-05-09T00:00:00Z");
    private static final Instant MAY20 = Instant.parse("2026-05-20T00:00:00Z");

    private static Fact version(String id, String value, Instant from) {
        return new Fact(id, "pm", "focus_stage", value, 1.0, Source.EXPLICIT, from, null, null, from, "local");
    }

    @Test
    void theFirstValueIsAVersionOfItsOwn() {
        Fact first = version("f1", "\"early\"", MAY1);

        assertThat(FactTimeline.put(Optional.empty(), first)).isEqualTo(new NewVersion(Optional.empty(), first));
    }

    @Test
    void aNewValueClosesTheCurrentVersionWhereTheNewOneStartsAndLinksToIt() {
        Fact current = version("f1", "\"early\"", MAY1);

        NewVersion change = (NewVersion) FactTimeline.put(Optional.of(current), version("f2", "\"growth\"", MAY9));

        assertThat(change.closed()).contains(current.closedAt(MAY9));
        assertThat(change.created().supersedes()).isEqualTo("f1");
        assertThat(change.created().validUntil()).isNull();
        assertThat(change.closed().orElseThrow().isValidAt(MAY9)).isFalse();
        assertThat(change.created().isValidAt(MAY9)).isTrue();
    }

    @Test
    void theSameValueAgainChangesNothingWhateverItsValidFrom() {
        Fact current = version("f1", "[\"overseas\"]", MAY1);

        assertThat(FactTimeline.put(Optional.of(current), version("f2", "[\"overseas\"]", MAY20)))
                .isEqualTo(new Unchanged(current));
    }

    @Test
    void aVersionStartingNoLaterThanTheCurrentOneIsRefused() {
        Fact current = version("f1", "\"early\"", MAY9);

        assertThat(FactTimeline.put(Optional.of(current), version("f2", "\"growth\"", MAY1)))
                .isInstanceOf(Refused.class);
        assertThat(FactTimeline.put(Optional.of(current), version("f2", "\"growth\"", MAY9)))
                .isInstanceOf(Refused.class);
    }

    @Test
    void afterAClosingANewVersionMayStartWhenTheOldOneEndedButNotBefore() {
        Fact closed = version("f1", "\"early\"", MAY1).closedAt(MAY9);

        assertThat(FactTimeline.put(Optional.of(closed), version("f2", "\"early\"", MAY1)))
                .isInstanceOf(Refused.class);
        NewVersion again = (NewVersion) FactTimeline.put(Optional.of(closed), version("f2", "\"early\"", MAY9));
        assertThat(again.closed()).isEmpty();
        assertThat(again.created().supersedes()).isEqualTo("f1");
    }

    @Test
    void closingEndsTheCurrentVersionNow_orAtItsStartWhenItStartsLater_andNothingWhenClosedAlready() {
        assertThat(FactTimeline.close(Optional.of(version("f1", "1", MAY1)), MAY9))
                .map(Fact::validUntil).contains(MAY9);
        assertThat(FactTimeline.close(Optional.of(version("f1", "1", MAY20)), MAY9))
                .map(Fact::validUntil).contains(MAY20);
        assertThat(FactTimeline.close(Optional.of(version("f1", "1", MAY1).closedAt(MAY9)), MAY20)).isEmpty();
        assertThat(FactTimeline.close(Optional.empty(), MAY20)).isEmpty();
    }
}
