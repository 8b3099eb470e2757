package dev.pmmemory.domain.recall;

import static dev.pmmemory.domain.recall.RankerFixtures.AS_OF;
import static dev.pmmemory.domain.recall.RankerFixtures.daysAgo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pmmemory.domain.experience.Experience;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** rules.md §10: experiences are scored like memories, importance in place of type_priority. */
class ExperienceRankerTest {
    private static final ExperienceRanker RANKER = new ExperienceRanker();

    private static Experience experience(String id, double importance, Instant createdAt, String... keywords) {
        return new Experience(id, "pm-alice", "task of " + id, "passed", "lesson of " + id, importance,
                List.of(keywords), createdAt);
    }

    private static List<String> ids(List<ScoredExperience> ranked) {
        return ranked.stream().map(s -> s.experience().id()).toList();
    }

    @Test
    void theScoreIsTheSeedFormulaWithImportanceInPlaceOfTypePriority() {
        Experience e = experience("e1", 0.8, daysAgo(30), "openai", "估值");

        ScoredExperience s = RANKER.score(e, Set.of("openai", "赛道"), AS_OF);

        // jaccard {openai} / {openai, 估值, 赛道} = 1/3; recency exp(-1); importance 0.8; weight 1 → 0.1
        assertThat(s.factors().keywordMatch()).isCloseTo(1.0 / 3, within(1e-9));
        assertThat(s.factors().recencyDecay()).isCloseTo(Math.exp(-1), within(1e-9));
        assertThat(s.factors().typePriority()).isEqualTo(0.8);
        assertThat(s.factors().weightNormalized()).isEqualTo(0.1);
        assertThat(s.score()).isCloseTo(0.4 / 3 + 0.2 * Math.exp(-1) + 0.3 * 0.8 + 0.1 * 0.1, within(1e-9));
    }

    @Test
    void onlyExperiencesSharingATermWithTheQueryAreRecalled() {
        List<Experience> all = List.of(
                experience("shares", 0.1, daysAgo(5), "openai"),
                experience("unrelated", 1.0, daysAgo(1), "anthropic"));

        assertThat(ids(RANKER.rank(Set.of("openai"), all, AS_OF, 10))).containsExactly("shares");
    }

    @Test
    void anEmptyQueryRecallsNoExperience() {
        List<Experience> all = List.of(experience("e1", 1.0, daysAgo(1), "openai"));

        assertThat(RANKER.rank(Set.of(), all, AS_OF, 10)).isEmpty();
    }

    @Test
    void moreImportantLessonsRankFirstAllElseEqual() {
        Instant at = daysAgo(3);
        List<Experience> all = List.of(
                experience("minor", 0.2, at, "openai"),
                experience("major", 0.9, at, "openai"),
                experience("middle", 0.5, at, "openai"));

        assertThat(ids(RANKER.rank(Set.of("openai"), all, AS_OF, 10))).containsExactly("major", "middle", "minor");
    }

    @Test
    void aBetterMatchCanOutweighImportance() {
        Instant at = daysAgo(3);
        List<Experience> all = List.of(
                experience("important-but-loose", 0.6, at, "openai", "a", "b", "c"),
                experience("exact", 0.5, at, "openai"));

        assertThat(ids(RANKER.rank(Set.of("openai"), all, AS_OF, 10)))
                .containsExactly("exact", "important-but-loose");
    }

    @Test
    void atMostLimitAreReturnedBestFirstThenNewestThenId() {
        Instant at = daysAgo(2);
        List<Experience> all = List.of(
                experience("b", 0.5, at, "openai"),
                experience("a", 0.5, at, "openai"),
                experience("newer", 0.5, daysAgo(1), "openai"),
                experience("older", 0.5, daysAgo(10), "openai"));

        assertThat(ids(RANKER.rank(Set.of("openai"), all, AS_OF, 3))).containsExactly("newer", "a", "b");
    }

    @Test
    void anExperienceRecordedAfterAsOfIsNotRecalled() {
        List<Experience> all = List.of(
                experience("before", 0.5, AS_OF, "openai"),
                experience("after", 0.5, AS_OF.plusMillis(1), "openai"));

        assertThat(ids(RANKER.rank(Set.of("openai"), all, AS_OF, 10))).containsExactly("before");
    }

    @Test
    void aLimitBelowOneIsRefused() {
        assertThatThrownBy(() -> RANKER.rank(Set.of("openai"), List.of(), AS_OF, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void importanceOutsideZeroToOneCannotExist() {
        assertThatThrownBy(() -> experience("e", 1.01, AS_OF)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> experience("e", -0.01, AS_OF)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> experience("e", Double.NaN, AS_OF)).isInstanceOf(IllegalArgumentException.class);
    }
}
