package dev.pmmemory.domain.text;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SynonymsTest {

    private final Synonyms synonyms = new Synonyms(List.of(
            List.of("赛道小", "赛道窄", "市场小", "small market"),
            List.of("估值", "valuation")));

    @Test
    void everyWordOfAGroupGivesTheCanonicalTerm() {
        assertThat(synonyms.canonicalTerms("这个赛道窄")).containsExactly("赛道小");
        assertThat(synonyms.canonicalTerms("a small market, high valuation")).containsExactly("赛道小", "估值");
        assertThat(synonyms.canonicalTerms("nothing here")).isEmpty();
    }

    @Test
    void groupLookup() {
        assertThat(synonyms.canonical("Small  Market")).contains("赛道小");
        assertThat(synonyms.groupOf("市场小")).containsExactly("赛道小", "赛道窄", "市场小", "small market");
        assertThat(synonyms.groupOf("贵")).containsExactly("贵");
    }

    @Test
    void invalidGroupsAreRefused() {
        assertThatThrownBy(() -> new Synonyms(List.of(List.of("赛道小"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least two");
        assertThatThrownBy(() -> new Synonyms(List.of(List.of("a", "b"), List.of("c", "B"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two synonym groups");
    }
}
