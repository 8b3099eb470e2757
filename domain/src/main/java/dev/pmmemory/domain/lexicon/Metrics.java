package dev.pmmemory.domain.lexicon;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Metrics whose direction decides the sign of "high" and "low": 复购率并不高 is criticism, 估值并不高 is praise.
 *
 * @param directions metric word → +1 when high is good (复购率, 毛利率, retention), -1 when high is bad (估值, 流失率, churn)
 * @param levels     level word → +1 for high (高, 偏高, high), -1 for low (低, 偏低, low)
 * @param gap        words that may stand between a metric and its level besides negations and degree adverbs
 *                   (是, 还是, 一直, is, way): anything else there means the level is about something else
 */
public record Metrics(Map<String, Integer> directions, Map<String, Integer> levels, Set<String> gap) {

    public static final Metrics NONE = new Metrics(Map.of(), Map.of(), Set.of());

    public Metrics {
        directions = Collections.unmodifiableMap(new LinkedHashMap<>(directions));
        levels = Collections.unmodifiableMap(new LinkedHashMap<>(levels));
        gap = Collections.unmodifiableSet(new LinkedHashSet<>(gap));
    }
}
