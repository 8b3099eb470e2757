package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.PhraseMatcher;
import dev.pmmemory.domain.text.PhraseMatcher.Match;
import dev.pmmemory.domain.text.TextNormalizer;
import dev.pmmemory.domain.text.TraditionalChars;
import dev.pmmemory.domain.text.Units;
import dev.pmmemory.domain.text.Units.Unit;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The signs a message's own phrasing vouches for, whatever the classifiers made of it (docs/rules.md "Holding an
 * uncertain sign"): the lexicon's {@code sign_cue} phrases (不予考虑, 谈不上, fell short are negative; 不容小觑,
 * not bad at all are positive; the longest match wins, so 没那么差 can be a positive cue inside the negative
 * 没那么), and a conceded clause (虽然估值贵, even though revenue is thin), which vouches for the sign opposite
 * to its own: what is conceded is not the verdict; a metric with its level (复购率并不高, 估值并不高: {@link
 * MetricJudgements}) vouches for the sign its direction gives. A typed answer of a sign none of these vouch for, while one
 * vouches for the other, is held by {@link SignDoubt}.
 */
public final class SignCues {

    /** No cues: nothing is held for phrasing. */
    public static final SignCues NONE = new SignCues(Map.of(), Set.of(), Set.of(), TraditionalChars.NONE, Optional.empty(),
            Optional.empty());

    private final PhraseMatcher<MemoryType> cues;
    private final PhraseMatcher<Boolean> concessions;
    private final PhraseMatcher<Boolean> contrasts;
    private final TraditionalChars traditional;
    /** What a conceded clause says on its own; absent: conceded clauses are not read. */
    private final Optional<Classifier> rules;
    /** Metric judgements; absent: metrics vouch for nothing. */
    private final Optional<MetricJudgements> metrics;

    private SignCues(Map<String, MemoryType> cues, Set<String> concessions, Set<String> contrasts,
                     TraditionalChars traditional, Optional<Classifier> rules, Optional<MetricJudgements> metrics) {
        Map<String, MemoryType> keyed = new LinkedHashMap<>();
        cues.forEach((phrase, type) -> keyed.put(key(phrase), type));
        this.cues = new PhraseMatcher<>(keyed);
        this.concessions = matcher(concessions);
        this.contrasts = matcher(contrasts);
        this.traditional = Objects.requireNonNull(traditional, "traditional");
        this.rules = Objects.requireNonNull(rules, "rules");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    /** The cues of {@code lexicon}: its sign_cue lines, and its concession and contrast words read by its rules. */
    public static SignCues of(Lexicon lexicon) {
        Set<String> degrees = new java.util.LinkedHashSet<>(lexicon.cues().phrasing().degrees());
        degrees.addAll(lexicon.cues().phrasing().excess());
        return new SignCues(lexicon.cues().phrasing().signCues(), lexicon.cues().concessions(),
                lexicon.cues().contrasts(), lexicon.traditional(), Optional.of(new RuleClassifier(lexicon)),
                Optional.of(new MetricJudgements(lexicon.cues().phrasing().metrics(), lexicon.cues().negations(), degrees)));
    }

    /**
     * The signs (+1 praise or advance, -1 negative) the message's phrasing vouches for; empty when none. A cue
     * counts only where the rules read the verdict: not in a conceded clause, not before the last contrast word
     * (团队没得说，不过现金流撑不过明年: 没得说 is no verdict).
     */
    public Set<Integer> signs(String message) {
        String text = traditional.simplify(TextNormalizer.nfkcLower(Objects.requireNonNull(message, "message")));
        Set<Integer> signs = new java.util.HashSet<>();
        List<Unit> units = Units.of(text);
        int verdictFrom = contrasts.longest(units).stream().filter(m -> m.start() > 0)
                .mapToInt(m -> units.get(m.start()).start()).max().orElse(0);
        List<int[]> conceded = new java.util.ArrayList<>();
        int at = 0;
        for (Clauses.Clause clause : Clauses.split(text)) {
            int start = Math.max(at, text.indexOf(clause.text(), at));
            at = start + clause.text().length();
            List<Unit> clauseUnits = Units.of(clause.text());
            Optional<Match<Boolean>> opener = concessions.longest(clauseUnits).stream().filter(m -> m.start() == 0).findFirst();
            if (opener.isPresent()) {
                int after = opener.get().end(); // "even though" holds the contrast word "though"
                int end = contrasts.longest(clauseUnits).stream().filter(m -> m.start() >= after && m.start() > 0)
                        .mapToInt(m -> clauseUnits.get(m.start()).start()).min().orElse(clause.text().length());
                conceded.add(new int[] {start, start + end});
                rules.flatMap(r -> r.classify(clause.text().substring(0, end), List.of())).map(SignDoubt::sign)
                        .filter(s -> s != 0).ifPresent(s -> signs.add(-s));
            }
        }
        for (Match<MemoryType> cue : cues.longest(units)) {
            int from = units.get(cue.start()).start();
            if (from >= verdictFrom && conceded.stream().noneMatch(c -> c[0] <= from && from < c[1])) {
                signs.add(SignDoubt.sign(cue.value()));
            }
        }
        for (MetricJudgements.Judgement metric : metrics.map(m -> m.of(units)).orElse(List.of())) {
            int from = units.get(metric.start()).start();
            if (from >= verdictFrom && conceded.stream().noneMatch(c -> c[0] <= from && from < c[1])) {
                signs.add(SignDoubt.sign(metric.type()));
            }
        }
        return signs;
    }

    private static PhraseMatcher<Boolean> matcher(Set<String> words) {
        Map<String, Boolean> map = new LinkedHashMap<>();
        words.forEach(word -> map.put(key(word), Boolean.TRUE));
        return new PhraseMatcher<>(map);
    }

    private static String key(String word) {
        return TextNormalizer.nfkcLower(word).strip();
    }
}
