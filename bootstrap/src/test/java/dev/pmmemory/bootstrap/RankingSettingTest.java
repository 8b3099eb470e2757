package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.domain.recall.RankingMode;
import io.quarkus.runtime.configuration.ConfigurationException;
import org.junit.jupiter.api.Test;

class RankingSettingTest {

    @Test
    void relevanceAndScoreOnlyAreRead() {
        assertThat(RankingSetting.parse("relevance")).isEqualTo(RankingMode.RELEVANCE);
        assertThat(RankingSetting.parse("score-only")).isEqualTo(RankingMode.SCORE_ONLY);
    }

    @Test
    void seedTheEarlierNameOfScoreOnlyIsStillRead() {
        assertThat(RankingSetting.parse("SEED")).isEqualTo(RankingMode.SCORE_ONLY);
    }

    @Test
    void aBadValueStopsTheStartNamingTheKeyAndTheChoices() {
        for (String bad : new String[] {"", "score", "relevance-first"}) {
            assertThatThrownBy(() -> RankingSetting.parse(bad)).as(bad)
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageContaining("memory.ranking").hasMessageContaining("relevance or score-only");
        }
    }
}
