package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.lexicon.Metrics;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.PhraseMatcher;
import dev.pmmemory.domain.text.PhraseMatcher.Match;
import dev.pmmemory.domain.text.TextNormalizer;
import dev.pmmemory.domain.text.Units.Unit;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A metric with its level is a judgement whose sign is the metric's direction times the level's (lexicon lines
 * {@code metric}, {@code metric_level}, {@code metric_gap}): 复购率并不高 and 流失率太高 are negative, 估值并不高 and
 * 返修率很低 positive. The level follows the metric within {@value #MAX_GAP} units of negations, degree adverbs and
 * gap words (获客成本一点都不低, churn is way too high), an odd number of negations turning it over; or it stands right
 * before the metric (低估值, 高毛利). Anything else between them means the level is about something else.
 */
final class MetricJudgements {

    /** A judgement over units [start, end) of a part: the metric, what stands between, and the level. */
    record Judgement(int start, int end, MemoryType type) {
        boolean covers(int unit) {
            return start <= unit && unit < end;
        }
    }

    /** How many units may stand between a metric and its level: 单票成本 | 还是 | 一点都不 | 高. */
    static final int MAX_GAP = 5;

    private final PhraseMatcher<Integer> metrics;
    private final PhraseMatcher<Integer> levels;
    private final PhraseMatcher<Boolean> gap;
    private final PhraseMatcher<Boolean> negations;

    /** {@code negations} and {@code degrees} may stand in the gap too; only the negations turn the level over. */
    MetricJudgements(Metrics lexicon, Set<String> negations, Set<String> degrees) {
        this.metrics = new PhraseMatcher<>(keyed(lexicon.directions()));
        this.levels = new PhraseMatcher<>(keyed(lexicon.levels()));
        Map<String, Boolean> gapWords = new LinkedHashMap<>();
        lexicon.gap().forEach(w -> gapWords.put(key(w), Boolean.TRUE));
        degrees.forEach(w -> gapWords.put(key(w), Boolean.TRUE));
        Map<String, Boolean> negationWords = new LinkedHashMap<>();
        negations.forEach(w -> negationWords.put(key(w), Boolean.TRUE));
        gapWords.putAll(negationWords);
        this.gap = new PhraseMatcher<>(gapWords);
        this.negations = new PhraseMatcher<>(negationWords);
    }

    /** The metric judgements of one part, in order. */
    List<Judgement> of(List<Unit> units) {
        List<Match<Integer>> metricMatches = metrics.longest(units);
        if (metricMatches.isEmpty()) {
            return List.of();
        }
        List<Match<Integer>> levelMatches = levels.longest(units).stream()
                .filter(l -> metricMatches.stream().noneMatch(m -> l.start() < m.end() && m.start() < l.end())).toList();
        List<Judgement> out = new ArrayList<>();
        for (Match<Integer> metric : metricMatches) {
            after(units, metric, levelMatches, metricMatches).or(() -> before(metric, levelMatches)).ifPresent(out::add);
        }
        return out;
    }

    private Optional<Judgement> after(List<Unit> units, Match<Integer> metric, List<Match<Integer>> levelMatches,
                                      List<Match<Integer>> metricMatches) {
        for (Match<Integer> level : levelMatches) {
            if (level.start() < metric.end()) {
                continue;
            }
            if (level.start() - metric.end() > MAX_GAP
                    || metricMatches.stream().anyMatch(m -> m.start() >= metric.end() && m.start() < level.start())) {
                return Optional.empty();
            }
            List<Unit> between = units.subList(metric.end(), level.start());
            if (!covered(between)) {
                return Optional.empty();
            }
            int turns = negations.longest(between).size() % 2 == 1 ? -1 : 1;
            return Optional.of(new Judgement(metric.start(), level.end(), type(metric.value() * level.value() * turns)));
        }
        return Optional.empty();
    }

    private static Optional<Judgement> before(Match<Integer> metric, List<Match<Integer>> levelMatches) {
        return levelMatches.stream().filter(l -> l.end() == metric.start()).findFirst()
                .map(level -> new Judgement(level.start(), metric.end(), type(metric.value() * level.value())));
    }

    /** Every unit between a metric and its level is a gap word, a degree adverb or a negation. */
    private boolean covered(List<Unit> between) {
        boolean[] seen = new boolean[between.size()];
        for (Match<Boolean> word : gap.longest(between)) {
            for (int i = word.start(); i < word.end(); i++) {
                seen[i] = true;
            }
        }
        for (boolean s : seen) {
            if (!s) {
                return false;
            }
        }
        return true;
    }

    private static MemoryType type(int sign) {
        return sign > 0 ? MemoryType.PROJECT_POSITIVE : MemoryType.PROJECT_NEGATIVE;
    }

    private static Map<String, Integer> keyed(Map<String, Integer> words) {
        Map<String, Integer> out = new LinkedHashMap<>();
        words.forEach((w, v) -> out.put(key(w), v));
        return out;
    }

    private static String key(String word) {
        return TextNormalizer.nfkcLower(word).strip();
    }
}
