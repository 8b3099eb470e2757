package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.lexicon.Phrasing;
import dev.pmmemory.domain.lexicon.Cues;
import dev.pmmemory.domain.lexicon.TypeRule;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.PhraseMatcher;
import dev.pmmemory.domain.text.PhraseMatcher.Match;
import dev.pmmemory.domain.text.Synonyms;
import dev.pmmemory.domain.text.TextNormalizer;
import dev.pmmemory.domain.text.TraditionalChars;
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
 *   <li>the long tail: a trigger of 2+ Han characters with one common slip (退进 for 推进)
 *       still matches, below every real word; a part opened by a contrast word (但, 不过, but) that
 *       has a signal overrides the parts before it; a conceded clause (虽然, although) counts only
 *       when nothing else in the message does; praise in quotation marks, or in a message with a
 *       laughing marker (呵呵, 笑死, 🙃), is ironic and counts as a negative judgement;</li>
 *   <li>structure over vocabulary ({@link Phrasing}): a negation reaches a
 *       trigger up to {@value #NEGATION_REACH} units later in the same part (并不比大厂差), and two
 *       negations cancel (不是没有亮点); an evaluative adjective after a degree adverb or a negation is
 *       a judgement (真的硬, 有点乱), anything after an excess adverb a complaint (太复杂); a later
 *       contrast part that names no signal still reverses the judgement before it (技术挺好，可惜一直
 *       找不到客户); question words and openers mark questions without a question mark, requests
 *       ("can you set up a call?") are no questions; a short quoted phrase with laughter or a sneer
 *       is ironic.</li>
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
    private final PhraseMatcher<Boolean> degrees;
    private final Set<String> excess;
    private final PhraseMatcher<MemoryType> adjectives;
    private final List<String> questionWords;
    private final PhraseMatcher<Boolean> questionOpeners;
    private final PhraseMatcher<Boolean> requests;
    private final List<String> scareQuoteHints;
    private final MetricJudgements metrics;
    private final PhraseMatcher<Boolean> reservations;
    /** Traditional characters read as simplified (推進 → 推进): the lexicon is written in simplified. */
    private final TraditionalChars traditional;

    /** How many units a negation reaches forward within its part: 并不 | 比大厂 | 差. */
    static final int NEGATION_REACH = 6;

    /**
     * What one part of a message says: its types, whether it has a soft no, how it is opened, and whether it asks
     * for more evidence (还要看, "I'd want more data").
     */
    private record Part(Set<MemoryType> found, boolean softNo, boolean contrast, boolean conceded, boolean reserved) {
        boolean says() {
            return softNo || !found.isEmpty();
        }
    }

    public RuleClassifier(Lexicon lexicon) {
        this.rules = lexicon.rules();
        this.traditional = lexicon.traditional();
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
        Phrasing phrasing = cues.phrasing();
        Set<String> degreeWords = new java.util.LinkedHashSet<>(phrasing.degrees());
        degreeWords.addAll(phrasing.excess());
        this.degrees = matcher(degreeWords);
        this.excess = phrasing.excess().stream().map(RuleClassifier::key).collect(java.util.stream.Collectors.toSet());
        Map<String, MemoryType> adjectiveWords = new LinkedHashMap<>();
        phrasing.adjectives().forEach((word, type) -> adjectiveWords.put(key(word), type));
        this.adjectives = new PhraseMatcher<>(adjectiveWords);
        this.questionWords = phrasing.questionWords().stream().map(RuleClassifier::key).toList();
        this.questionOpeners = matcher(phrasing.questionOpeners());
        this.requests = matcher(phrasing.requests());
        this.scareQuoteHints = phrasing.scareQuoteHints().stream().map(RuleClassifier::key).toList();
        this.metrics = new MetricJudgements(phrasing.metrics(), cues.negations(), degreeWords);
        this.reservations = matcher(phrasing.reservations());
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

    private static boolean overlap(Match<?> a, Match<?> b) {
        return a.start() < b.end() && b.start() < a.end();
    }

    private static boolean isHan(int cp) {
        return Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
    }

    @Override
    public Optional<MemoryType> classify(String message, List<String> entities) {
        return classification(message, entities).type();
    }

    /** The type the rules find; none with {@code question} when a clause was skipped as a question and nothing else said anything. */
    @Override
    public Classification classification(String message, List<String> entities) {
        Objects.requireNonNull(entities, "entities");
        String text = traditional.simplify(TextNormalizer.nfkcLower(Objects.requireNonNull(message, "message")));
        boolean ironic = ironyMarkers.stream().anyMatch(text::contains);
        List<Part> parts = new ArrayList<>();
        boolean asks = false;
        for (Clauses.Clause clause : Clauses.split(text)) {
            List<Unit> units = Units.of(clause.text());
            if (isQuestion(clause, units)) {
                asks = true;
                continue;
            }
            boolean[] quoted = quoted(clause.text());
            boolean conceded = concededClause(units);
            int from = 0;
            for (int cut : contrastCuts(units)) {
                parts.add(part(units.subList(from, cut), quoted, ironic, from > 0, conceded && from == 0));
                from = cut;
            }
            parts.add(part(units.subList(from, units.size()), quoted, ironic,
                    from > 0 || opensWithContrast(units), conceded && from == 0));
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
        if (found.isEmpty() && scareQuoted(text)) {
            found.add(MemoryType.PROJECT_NEGATIVE);
        }
        for (TypeRule rule : rules) {
            if (rule.onlyWithoutEntities() && !entities.isEmpty()) {
                continue;
            }
            if (found.contains(rule.type())) {
                return Classification.of(Optional.of(rule.type()));
            }
        }
        return asks ? Classification.aQuestion() : Classification.of(Optional.empty());
    }

    /** One part's signals; ironic praise (quoted, or in an ironic message) is a negative judgement. */
    private Part part(List<Unit> units, boolean[] quoted, boolean ironic, boolean contrast, boolean conceded) {
        Set<MemoryType> found = EnumSet.noneOf(MemoryType.class);
        boolean softNo = false;
        // a metric with its level is read as one judgement: the words inside it are no trigger of their own (估值|不高)
        List<MetricJudgements.Judgement> metricJudgements = metrics.of(units);
        List<Match<Signal>> signals = phrases.longest(units).stream()
                .filter(m -> metricJudgements.stream().noneMatch(j -> j.start() < m.end() && m.start() < j.end())).toList();
        // a negation starting inside a signal is part of it (不错, 不行); one reaching into it negates it (不是很|很感兴趣)
        List<Match<Boolean>> negationWords = negations.longest(units).stream()
                .filter(n -> signals.stream().noneMatch(m -> m.start() <= n.start() && n.start() < m.end()))
                .filter(n -> metricJudgements.stream().noneMatch(j -> j.covers(n.start()))).toList();
        int previousEnd = 0;
        for (Match<Signal> match : signals) {
            if (match.value() instanceof Trigger trigger) {
                boolean negatedHere = negated(negationWords, Math.max(previousEnd, match.start() - NEGATION_REACH),
                        match.start());
                judgement(trigger.type(), negatedHere, ironic || quoted[units.get(match.start()).start()])
                        .ifPresent(found::add);
            } else if (match.value() instanceof Soft) {
                softNo = true;
            }
            previousEnd = match.end();
        }
        for (MetricJudgements.Judgement metric : metricJudgements) {
            judgement(metric.type(), false, ironic || quoted[units.get(metric.start()).start()]).ifPresent(found::add);
        }
        adjectiveJudgements(units, signals, negationWords, quoted, ironic, metricJudgements).forEach(found::add);
        return new Part(found, softNo, contrast, conceded, !reservations.longest(units).isEmpty());
    }

    /** A trigger's type after negation; praise that is ironic is a negative judgement. */
    private Optional<MemoryType> judgement(MemoryType type, boolean negatedHere, boolean ironicHere) {
        Optional<MemoryType> meaning = meaning(type, negatedHere);
        if (meaning.equals(Optional.of(MemoryType.PROJECT_POSITIVE)) && ironicHere) {
            return Optional.of(MemoryType.PROJECT_NEGATIVE);
        }
        return meaning;
    }

    /** True when an odd number of negations start before {@code to} and end at or after {@code from}: 不是没有亮点 is none. */
    private static boolean negated(List<Match<Boolean>> negationWords, int from, int to) {
        long count = negationWords.stream().filter(n -> n.start() < to && n.end() >= from).count();
        return count % 2 == 1;
    }

    /**
     * Evaluative adjectives no trigger covers: after a degree adverb (真的硬) or a negation (不算成熟);
     * after an excess adverb (太, 过于) any Han word that is no positive adjective is a complaint.
     */
    private List<MemoryType> adjectiveJudgements(List<Unit> units, List<Match<Signal>> signals,
                                                 List<Match<Boolean>> negationWords, boolean[] quoted, boolean ironic,
                                                 List<MetricJudgements.Judgement> metricJudgements) {
        List<MemoryType> out = new ArrayList<>();
        Map<Integer, Match<MemoryType>> adjectiveAt = new LinkedHashMap<>();
        for (Match<MemoryType> adjective : adjectives.longest(units)) {
            if (signals.stream().noneMatch(m -> overlap(adjective, m))
                    && metricJudgements.stream().noneMatch(j -> j.start() < adjective.end() && adjective.start() < j.end())) {
                adjectiveAt.put(adjective.start(), adjective);
            }
        }
        Set<Integer> judged = new java.util.HashSet<>();
        for (Match<Boolean> degree : degrees.longest(units)) {
            int at = degree.end();
            if (at >= units.size() || signals.stream().anyMatch(m -> overlap(degree, m))
                    || metricJudgements.stream().anyMatch(j -> j.covers(degree.start()))
                    || signals.stream().anyMatch(m -> m.start() <= at && at < m.end())) {
                continue;
            }
            Match<MemoryType> adjective = adjectiveAt.get(at);
            Optional<MemoryType> type = Optional.empty();
            if (adjective != null) {
                type = Optional.of(adjective.value());
            } else if (excess.contains(degree.phrase()) && isHan(units.get(at).text().codePointAt(0))) {
                type = Optional.of(MemoryType.PROJECT_NEGATIVE);
            }
            if (type.isPresent() && judged.add(at)) {
                judgement(type.get(), negated(negationWords, Math.max(0, at - NEGATION_REACH), degree.start()),
                        ironic || quoted[units.get(at).start()]).ifPresent(out::add);
            }
        }
        for (Match<MemoryType> adjective : adjectiveAt.values()) {
            boolean rightAfterNegation = negationWords.stream().anyMatch(n -> n.end() == adjective.start());
            if (rightAfterNegation && judged.add(adjective.start())) {
                judgement(adjective.value(), negated(negationWords, Math.max(0, adjective.start() - NEGATION_REACH),
                        adjective.start()), ironic || quoted[units.get(adjective.start()).start()]).ifPresent(out::add);
            }
        }
        return out;
    }

    /**
     * A question: it ends with a question marker, holds a question word (是不是) or opens with a
     * question opener (is, does); a clause opening with a request ("can you …?") is none.
     */
    private boolean isQuestion(Clauses.Clause clause, List<Unit> units) {
        if (opensWith(requests, units, 0)) {
            return false;
        }
        String text = clause.text();
        return clause.endsWithAny(questionMarkers) && !notSoGood(text) || questionWords.stream().anyMatch(w -> asked(text, w))
                || aNotA(text)
                || opensWith(questionOpeners, units, 0);
    }

    /**
     * The A-not-A question of Chinese: 算不算贵, 够不够强, 值不值得推进 (the same character on both sides
     * of 不 or 没, near the clause's end). Not after 无论 / 不管 / 不论 (无论估值高不高我们都不投), and not
     * the fixed phrases 动不动, 时不时, 爱理不理.
     */
    private static boolean aNotA(String clause) {
        int end = clause.length();
        while (end > 0 && !Character.isLetterOrDigit(clause.codePointBefore(end))
                || end > 0 && "呢吗啊呀".indexOf(clause.charAt(end - 1)) >= 0) {
            end--;
        }
        for (int i = 1; i + 1 < end; i++) {
            char c = clause.charAt(i);
            char x = clause.charAt(i - 1);
            if ((c == '不' || c == '没') && x == clause.charAt(i + 1) && isHan(x) && x != '不'
                    && end - (i + 2) <= A_NOT_A_TAIL && !(i >= 2 && clause.charAt(i - 2) == '爱')
                    && !A_NOT_A_IDIOMS.contains(clause.substring(i - 1, i + 2))
                    && !conditional(clause, i)) {
                return true;
            }
        }
        return false;
    }

    /** 无论 / 不管 / 不论 before position {@code at}: "whether or not", no question. */
    private static boolean conditional(String clause, int at) {
        return A_NOT_A_CONDITIONS.stream().anyMatch(w -> clause.lastIndexOf(w, at) >= 0);
    }

    /** At most this many characters after A-not-A before the clause ends (值不值|得推进). */
    private static final int A_NOT_A_TAIL = 4;
    private static final Set<String> A_NOT_A_IDIOMS = Set.of("动不动", "时不时", "一不一");
    private static final List<String> A_NOT_A_CONDITIONS = List.of("无论", "不管", "不论");

    /** "新产品不怎么样": 怎么样 after 不 is a judgement (not much good), not a question. */
    private static boolean notSoGood(String clause) {
        int end = clause.length();
        while (end > 0 && !Character.isLetterOrDigit(clause.codePointBefore(end))) {
            end -= Character.charCount(clause.codePointBefore(end));
        }
        return clause.startsWith("不怎么样", end - "不怎么样".length()) && end >= "不怎么样".length();
    }

    /**
     * A message with no signal whose short quoted phrase is sneered at: laughter or a sneer
     * anywhere (哈哈哈, lol, 所谓, another), an irony marker, or a degree adverb right before the
     * quote (可真“深”).
     */
    private boolean scareQuoted(String text) {
        List<int[]> spans = quotedSpans(text);
        if (spans.isEmpty()) {
            return false;
        }
        boolean hinted = scareQuoteHints.stream().anyMatch(h -> containsWord(text, h))
                || ironyMarkers.stream().anyMatch(text::contains);
        for (int[] span : spans) {
            int length = text.codePointCount(span[0], span[1]);
            if (length < 1 || length > MAX_SCARE_QUOTE) {
                continue;
            }
            String before = text.substring(Math.max(0, span[0] - 4), Math.max(0, span[0] - 1)).strip();
            boolean intensified = degrees.longest(Units.of(before)).stream()
                    .anyMatch(m -> m.end() == Units.of(before).size());
            if (hinted || intensified) {
                return true;
            }
        }
        return false;
    }

    /** The longest quoted phrase that still reads as a scare quote (“合理”, "bold", 'modest'). */
    private static final int MAX_SCARE_QUOTE = 12;

    /** A hint matches as a whole Latin word (lol is not in "lollipop"); Han hints as substrings. */
    private static boolean containsWord(String text, String hint) {
        if (hint.codePoints().anyMatch(RuleClassifier::isHan) || !Character.isLetter(hint.codePointAt(0))) {
            return text.contains(hint);
        }
        return Units.texts(text).stream().anyMatch(hint::equals)
                || (hint.contains(" ") && (" " + text + " ").contains(" " + hint + " "));
    }

    /**
     * The later part decides: the last contrast-opened part that says something drops the parts
     * before it; a conceded part is dropped when another part says something. When the last
     * contrast part and what follows it say nothing the rules know, the contrast itself reverses a
     * plain judgement before it (技术挺好，可惜一直找不到付费客户 → negative).
     */
    private static List<Part> deciding(List<Part> parts) {
        int lastContrast = -1;
        for (int i = parts.size() - 1; i > 0; i--) {
            if (parts.get(i).contrast()) {
                lastContrast = i;
                break;
            }
        }
        // only near the end: a contrast followed by a longer account (…但是他们不融资，所以没法投，只能持续关注) is no verdict
        // a contrast that only asks for more evidence (looks promising, though I'd want more data) is a reservation
        if (lastContrast > 0 && lastContrast >= parts.size() - 2
                && parts.subList(lastContrast, parts.size()).stream().noneMatch(p -> p.says() || p.reserved())) {
            Set<MemoryType> before = EnumSet.noneOf(MemoryType.class);
            boolean softBefore = false;
            for (Part part : parts.subList(0, lastContrast)) {
                before.addAll(part.found());
                softBefore |= part.softNo();
            }
            Optional<MemoryType> reversed = !softBefore && before.size() == 1 ? opposite(before.iterator().next())
                    : Optional.empty();
            if (reversed.isPresent()) {
                return List.of(new Part(EnumSet.of(reversed.get()), false, true, false, false));
            }
        }
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

    /** The judgement a contrast turns a plain judgement into: positive ↔ negative, nothing else. */
    private static Optional<MemoryType> opposite(MemoryType type) {
        return switch (type) {
            case PROJECT_POSITIVE -> Optional.of(MemoryType.PROJECT_NEGATIVE);
            case PROJECT_NEGATIVE -> Optional.of(MemoryType.PROJECT_POSITIVE);
            default -> Optional.empty();
        };
    }

    /**
     * Unit indexes (> 0) where a contrast word starts a new part inside a clause ("nice but ...").
     * A contrast word starting inside a longer signal phrase is part of that phrase, not a cut:
     * 撑不过明年 keeps its trigger 撑不过 whole.
     */
    private List<Integer> contrastCuts(List<Unit> units) {
        List<Integer> cuts = new ArrayList<>();
        List<Match<Signal>> signals = phrases.longest(units);
        for (Match<Boolean> match : contrasts.longest(units)) {
            boolean insideSignal = signals.stream().anyMatch(m -> m.start() < match.start() && match.start() < m.end()
                    || m.start() == match.start() && m.end() > match.end()); // 不过是 (merely) is no 不过 (but)
            if (match.start() > 0 && !insideSignal) {
                cuts.add(match.start());
            }
        }
        return cuts;
    }

    /** {@code word} occurs in {@code text} other than right after 不 (不怎么看好 = not very keen: no 怎么看 asked). */
    private static boolean asked(String text, String word) {
        for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
            if (at == 0 || text.charAt(at - 1) != '不') {
                return true;
            }
        }
        return false;
    }

    /**
     * A clause is conceded when a concession word opens it, or stands before its first signal after the subject
     * (桉树基因之前觉得太早, X虽然贵): the words before it name what the concession is about, not a judgement.
     */
    private boolean concededClause(List<Unit> units) {
        int firstSignal = phrases.longest(units).stream()
                .filter(m -> !(m.value() instanceof Neutral)).mapToInt(Match::start).min().orElse(units.size());
        return concessions.longest(units).stream().anyMatch(m -> m.start() < firstSignal);
    }

    /** A clause opening with a contrast word, unless that word starts a longer phrase (不过是 = merely). */
    private boolean opensWithContrast(List<Unit> units) {
        List<Match<Signal>> signals = phrases.longest(units);
        return contrasts.longest(units).stream().anyMatch(c -> c.start() == 0
                && signals.stream().noneMatch(m -> m.start() == 0 && m.end() > c.end()));
    }

    private static boolean opensWith(PhraseMatcher<Boolean> words, List<Unit> units, int at) {
        return words.longest(units).stream().anyMatch(m -> m.start() == at);
    }

    /** Which characters of a clause are inside quotation marks (“…”, "…", 「…」, 『…』, '…'). */
    private static boolean[] quoted(String text) {
        boolean[] inside = new boolean[text.length() + 1];
        for (int[] span : quotedSpans(text)) {
            for (int i = span[0]; i < span[1]; i++) {
                inside[i] = true;
            }
        }
        return inside;
    }

    /**
     * The [start, end) character ranges inside quotation marks. A single quote opens only after a
     * space or the start and closes only before a non-letter, so apostrophes (Notion's, don't) are none.
     */
    private static List<int[]> quotedSpans(String text) {
        List<int[]> spans = new ArrayList<>();
        int open = -1;
        char opener = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean closesSingle = c == '\'' && opener == '\'' && (i + 1 == text.length() || !Character.isLetter(text.charAt(i + 1)));
            if (open >= 0 && (c == '\u201D' || c == '\u300D' || c == '\u300F' || (c == '"' && opener == '"') || closesSingle)) {
                spans.add(new int[] {open, i});
                open = -1;
            } else if (open < 0 && (c == '\u201C' || c == '\u300C' || c == '\u300E' || c == '"'
                    || (c == '\'' && (i == 0 || Character.isWhitespace(text.charAt(i - 1)))))) {
                open = i + 1;
                opener = c;
            }
        }
        return spans;
    }

    private Optional<MemoryType> meaning(MemoryType type, boolean negatedHere) {
        return negatedHere && negated.containsKey(type) ? negated.get(type) : Optional.of(type);
    }

    private static String key(String word) {
        return TextNormalizer.nfkcLower(word).strip();
    }
}
