package dev.pmmemory.domain.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A metric's direction decides the sign of its level (lexicon lines metric, metric_level, metric_gap), and a contrast
 * that only asks for more evidence (reservation) keeps the praise before it: first on a small lexicon with no
 * trigger for any of these words, so the rules alone decide; then the shipped default.
 */
class MetricDirectionTest {

    private static final String RULES = """
            type long_term_preference priority=1.0 ttl=permanent triggers=以后
            type project_negative priority=0.9 ttl=P30D triggers=差
            type project_advance priority=0.8 ttl=P30D triggers=可以推进
            type project_positive priority=0.6 ttl=P30D triggers=不错,promising
            type market_info priority=0.4 ttl=P7D when=no_entity triggers=赛道
            type temp_status priority=0.3 ttl=P3D triggers=本周
            negation 不, 并不, 不算, not, isn't
            negate project_positive project_negative
            negate project_negative project_positive
            contrast 但是, 不过, though
            degree 很, 太
            metric high_is_good 复购率, retention
            metric high_is_bad 估值, churn
            metric_level high 高, 偏高, high
            metric_level low 低, low
            metric_gap 还是, 一点都, is, way, too
            reservation 还要看, more data
            """;

    private static Optional<MemoryType> classify(String message) {
        return new RuleClassifier(Lexicon.parse(RULES)).classify(message, List.of());
    }

    @ParameterizedTest
    @CsvSource({
            "复购率并不高, project_negative",
            "估值并不高, project_positive",
            "复购率很高, project_positive",
            "估值还是偏高, project_negative",
            "估值一点都不低, project_negative",
            "低估值, project_positive",
            "churn is way too high, project_negative",
            "retention isn't high, project_negative",
    })
    void theMetricsDirectionTimesTheLevelIsTheSign(String message, String type) {
        assertThat(classify(message)).contains(MemoryType.fromWireName(type).orElseThrow());
    }

    @Test
    void aLevelAboutSomethingElseIsNoJudgement() {
        assertThat(classify("估值对应高增长")).isEmpty(); // 对应 is no gap word: 高 is about the growth
        assertThat(classify("复购率")).isEmpty();
    }

    @Test
    void aContrastAskingForMoreEvidenceKeepsThePraise() {
        assertThat(classify("looks promising, though I'd want more data")).contains(MemoryType.PROJECT_POSITIVE);
        assertThat(classify("产品不错，不过还要看落地")).contains(MemoryType.PROJECT_POSITIVE);
        assertThat(classify("产品不错，不过没客户")).contains(MemoryType.PROJECT_NEGATIVE); // a plain contrast still reverses
    }

    @Test
    void aMetricGivenBothDirectionsIsALexiconError() {
        assertThatThrownBy(() -> Lexicon.parse(RULES + "metric high_is_bad 复购率\n"))
                .hasMessageContaining("复购率").hasMessageContaining("high_is_good and high_is_bad");
        assertThatThrownBy(() -> Lexicon.parse(RULES + "metric sideways 复购率\n"))
                .hasMessageContaining("metric takes high_is_good or high_is_bad");
    }

    @ParameterizedTest
    @CsvSource({
            "疏影医美的复购率并不高, project_negative",
            "这家公司估值并不高, project_positive",
            "智谱的 enterprise 客户 retention 很高, project_positive",
            "The burn is way too high., project_negative",
            "The demo is not super convincing., project_negative",
            "The product is not great., project_negative",
            "The team is really great., project_positive",
    })
    void theShippedLexiconReadsMetricsAndNegatedEnglishPraise(String message, String type) {
        assertThat(new RuleClassifier(Lexicon.loadDefault()).classify(message, List.of()))
                .contains(MemoryType.fromWireName(type).orElseThrow());
    }

    @Test
    void aMetricJudgementVouchesForItsSign() {
        SignCues cues = SignCues.of(Lexicon.loadDefault());
        assertThat(cues.signs("复购率并不高")).containsExactly(-1);
        assertThat(cues.signs("估值并不高")).containsExactly(1);
    }
}
