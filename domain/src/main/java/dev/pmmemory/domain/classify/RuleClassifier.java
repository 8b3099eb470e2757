package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.lexicon.Cues;
import dev.pmmemory.domain.lexicon.TypeRule;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.PhraseMatcher;
import dev.pmmemory.domain.text.PhraseMatcher.Match;
import dev.pmmemory.domain.text.Synonyms;
import dev.pmmemory.domain.text.TextNormalizer;
import dev.pmmemory.domain.text.Units;
import dev.pmmemory.domain.text.Units.Unit;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Trigger-word classifier, clause by clause:
 * <ol>
 *   <li>questions ("Anthropic 可以推进吗？") say nothing and are skipped;</li>
 *   <li>trigger words, soft-no phrases and neutral phrases are found by {@link Units} (so
 *       "pass" is not found in "passenger"); where they overlap the longest wins, so 不感兴趣 hides
 *       感兴趣 and 宝贵 hides 贵; a synonym of a trigger is a trigger;</li>
 *   <li>a trigger right after a negation word takes its negated meaning (不贵 → positive,
 *       不是不行 → positive, not interested → negative);</li>
 *   <li>a soft no is a project_negative unless the message also advances the project;</li>
 *   <li>the long tail (issue 12): a trigger of 2+ Han characters with one common slip (退进 for 推进)
 *       still matches, below every real word; a part opened by a contrast word (但, 不过, but) that
 *       has a signal overrides the parts before it; a conceded clause (虽然, although) counts only
 *       when nothing else in the message does; praise in quotation marks, or in a message with a
 *       laughing marker (呵呵, 笑死, 🙃), is ironic and counts as a negative judgement.</li>
 * </ol>
 * Then rules are tried in lexicon order and the first whose type was found and whose condition
 * holds wins, so precedence is data: project_positive placed after project_advance means
 * "positive only when no advance word is present".
 */
public final class RuleClassifier implements Classifier {

    /** What a phrase found in a clause stands for. */
    private sealed interface Signal permits Trigger, Soft, Neutral {
    }

    private record Trigger(MemoryType type) implements Signal {
    }

    private record Soft() implements Signal {
    }

    private record Neutral() implements Signal {
    }

    private final List<TypeRule> rules;
    private final Map<MemoryType, Optional<MemoryType>> negated;
    private final PhraseMatcher<Signal> phrases;
    private final PhraseMatcher<Boolean> negations;
    private final List<String> questionMarkers;
    private final PhraseMatcher<Boolean> contrasts;
    private final PhraseMatcher<Boolean> concessions;
    private final List<String> ironyMarkers;

    /** What one part of a message says: its types, whether it has a soft no, and how it is opened. */
    private record Part(Set<MemoryType> found, boolean softNo, boolean contrast, boolean conceded) {
        boolean says() {
            return softNo || !found.isEmpty();
        }
    }

    public RuleClassifier(Lexicon lexicon) {
        this.rules = lexicon.rules();
        Cues cues = lexicon.cues();
        Synonyms synonyms = lexicon.synonyms();
        this.negated = cues.negated();
        Map<String, Signal> signals = new LinkedHashMap<>();
        for (TypeRule rule : rules) { // rule order: a word in two rules means the earlier one
            Trigger trigger = new Trigger(rule.type());
            rule.triggers().forEach(word -> synonyms.groupOf(word).forEach(s -> signals.putIfAbsent(key(s), trigger)));
        }
        cues.softNegatives().forEach(word -> synonyms.groupOf(word).forEach(s -> signals.putIfAbsent(key(s), new Soft())));
        cues.neutral().forEach(word -> signals.putIfAbsent(key(word), new Neutral()));
        addSlips(signals, cues.slips());
        this.phrases = new PhraseMatcher<>(signals);
        Map<String, Boolean> negationWords = new LinkedHashMap<>();
        cues.negations().forEach(word -> negationWords.put(key(word), Boolean.TRUE));
        this.negations = new PhraseMatcher<>(negationWords);
        this.questionMarkers = cues.questionMarkers().stream().map(RuleClassifier::key).toList();
        this.contrasts = matcher(cues.contrasts());
        this.concessions = matcher(cues.concessions());
        this.ironyMarkers = cues.ironyMarkers().stream().map(RuleClassifier::key).toList();
    }

    private static PhraseMatcher<Boolean> matcher(Set<String> words) {
        Map<String, Boolean> map = new LinkedHashMap<>();
        words.forEach(word -> map.put(key(word), Boolean.TRUE));
        return new PhraseMatcher<>(map);
    }

    /**
     * Every signal word of 2+ Han characters also matches with one character replaced by a common
     * slip of it (可以退进 → 可以推进). Added after every real word (putIfAbsent), so a real word
     * always wins, and never applied to entity names (they are not signals).
     */
    private static void addSlips(Map<String, Signal> signals, Map<String, String> slips) {
        if (slips.isEmpty()) {
            return;
        }
        Map<String, List<String>> slipsOf = new LinkedHashMap<>();
        slips.forEach((slip, meant) -> slipsOf.computeIfAbsent(key(meant), k -> new ArrayList<>()).add(key(slip)));
        Map<String, Signal> variants = new LinkedHashMap<>();
        signals.forEach((word, signal) -> {
            if (signal instanceof Neutral || word.codePoints().filter(RuleClassifier::isHan).count() < 2) {
                return;
            }
            int[] cps = word.codePoints().toArray();
            for (int i = 0; i < cps.length; i++) {
                for (String slip : slipsOf.getOrDefault(Character.toString(cps[i]), List.of())) {
                    StringBuilder variant = new StringBuilder();
                    for (int j = 0; j < cps.length; j++) {
                        variant.append(j == i ? slip : Character.toString(cps[j]));
                    }
                    variants.putIfAbsent(variant.toString(), signal);
                }
            }
        });
        variants.forEach(signals::putIfAbsent);
    }

    private static boolean isHan(int cp) {
        return Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
    }

    @Override
    public Optional<MemoryType> classify(String message, List<String> entities) {
        Objects.requireNonNull(entities, "entities");
        String text = TextNormalizer.nfkcLower(Objects.requireNonNull(message, "message"));
        boolean ironic = ironyMarkers.stream().anyMatch(text::contains);
        List<Part> parts = new ArrayList<>();
        for (Clauses.Clause clause : Clauses.split(text)) {
            if (clause.endsWithAny(questionMarkers)) {
                continue;
            }
            List<Unit> units = Units.of(clause.text());
            boolean[] quoted = quoted(clause.text());
            boolean conceded = opensWith(concessions, units, 0);
            int from = 0;
            for (int cut : contrastCuts(units)) {
                parts.add(part(units.subList(from, cut), quoted, ironic, from > 0, conceded && from == 0));
                from = cut;
            }
            parts.add(part(units.subList(from, units.size()), quoted, ironic,
                    from > 0 || opensWith(contrasts, units, 0), conceded && from == 0));
        }
        Set<MemoryType> found = EnumSet.noneOf(MemoryType.class);
        boolean softNo = false;
        for (Part part : deciding(parts)) {
            found.addAll(part.found());
            softNo |= part.softNo();
        }
        if (softNo && !found.contains(MemoryType.PROJECT_ADVANCE)) {
            found.add(MemoryType.PROJECT_NEGATIVE);
        }
        for (TypeRule rule : rules) {
            if (rule.onlyWithoutEntities() && !entities.isEmpty()) {
                continue;
            }
            if (found.contains(rule.type())) {
                return Optional.of(rule.type());
            }
        }
        return Optional.empty();
    }

    /** One part's signals; ironic praise (quoted, or in an ironic message) is a negative judgement. */
    private Part part(List<Unit> units, boolean[] quoted, boolean ironic, boolean contrast, boolean conceded) {
        Set<MemoryType> found = EnumSet.noneOf(MemoryType.class);
        boolean softNo = false;
        for (Match<Signal> match : phrases.longest(units)) {
            if (match.value() instanceof Trigger trigger) {
                Optional<MemoryType> meaning = meaning(trigger.type(), negations.endsAt(units, match.start()));
                if (meaning.equals(Optional.of(MemoryType.PROJECT_POSITIVE))
                        && (ironic || quoted[units.get(match.start()).start()])) {
                    meaning = Optional.of(MemoryType.PROJECT_NEGATIVE);
                }
                meaning.ifPresent(found::add);
            } else if (match.value() instanceof Soft) {
                softNo = true;
            }
        }
        return new Part(found, softNo, contrast, conceded);
    }

    /**
     * The later part decides: the last contrast-opened part that says something drops the parts
     * before it; a conceded part is dropped when another part says something.
     */
    private static List<Part> deciding(List<Part> parts) {
        int from = 0;
        for (int i = parts.size() - 1; i > 0; i--) {
            if (parts.get(i).contrast() && parts.get(i).says()) {
                from = i;
                break;
            }
        }
        List<Part> kept = parts.subList(from, parts.size());
        boolean othersSay = kept.stream().anyMatch(p -> !p.conceded() && p.says());
        return othersSay ? kept.stream().filter(p -> !p.conceded()).toList() : kept;
    }

    /** Unit indexes (> 0) where a contrast word starts a new part inside a clause ("nice but ..."). */
    private List<Integer> contrastCuts(List<Unit> units) {
        List<Integer> cuts = new ArrayList<>();
        for (Match<Boolean> match : contrasts.longest(units)) {
            if (match.start() > 0) {
                cuts.add(match.start());
            }
        }
        return cuts;
    }

    private static boolean opensWith(PhraseMatcher<Boolean> words, List<Unit> units, int at) {
        return words.longest(units).stream().anyMatch(m -> m.start() == at);
    }

    /** Which characters of a clause are inside quotation marks (“…”, "…", 「…」, 『…』). */
    private static boolean[] quoted(String text) {
        boolean[] inside = new boolean[text.length() + 1];
        boolean open = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\u201C' || c == '\u300C' || c == '\u300E') {
                open = true;
            } else if (c == '\u201D' || c == '\u300D' || c == '\u300F') {
                open = false;
            } else if (c == '"') {
                open = !open;
            }
            inside[i] = open;
        }
        return inside;
    }

    private Optional<MemoryType> meaning(MemoryType type, boolean negatedHere) {
        return negatedHere && negated.containsKey(type) ? negated.get(type) : Optional.of(type);
    }

    private static String key(String word) {
        return TextNormalizer.nfkcLower(word).strip();
    }
}
