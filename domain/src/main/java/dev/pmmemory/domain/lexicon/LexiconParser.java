package dev.pmmemory.domain.lexicon;

import dev.pmmemory.domain.derive.DerivationRule;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.text.EntityNames;
import dev.pmmemory.domain.text.EntityRuleWords;
import dev.pmmemory.domain.text.TraditionalChars;
import dev.pmmemory.domain.text.Synonyms;
import dev.pmmemory.domain.text.TextNormalizer;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the lexicon text format, one declaration per line ({@code #} comments and blank lines
 * ignored; lists are comma-separated):
 * <pre>
 * type long_term_preference priority=1.0 ttl=permanent triggers=以后,少推
 * type market_info priority=0.4 ttl=P7D when=no_entity triggers=赛道,趋势
 * type summary priority=0.2 ttl=P180D                      no triggers: made by the compact job only
 * trigger project_negative too expensive, overpriced     more triggers of a declared type
 * soft_negative 再看看, 先放放, hold off                   a soft no
 * negation 不, 没, 不太, not                               negates the trigger right after it
 * negate project_advance project_negative                  a negated advance is a negative (or: none)
 * neutral 宝贵, 贵州, 差不多                                hides the trigger inside it
 * question ?, 吗                                           a clause ending with one is a question
 * synonym 赛道小, 赛道窄, 市场小                             one meaning; the first word is canonical
 * stop 一下, 可以                                           never a recall term (a Han character also splits words)
 * entity 月之暗面, Moonshot, Kimi                           one entity; the first name is canonical
 * generic AI, CEO                                         never an entity on its own
 * suffix AI                                               generic, but may end a name (Figure AI)
 * common pass, interested                                 a capitalised word that is never a name
 * errand 帮我整理, remind me                               a clause holding one asks for work: skipped like a question
 * traditional 湯汤 譜谱                                      read the first character as the second
 * cantonese 唔不 嘅的                                        likewise: a Cantonese character read as its Mandarin one
 * entity_rule clause_openers 虽然, 尽管                      a word list of the entity rules (EntityRuleWords)
 * </pre>
 * {@code triggers=} comes last on a type line and takes the rest of the line, so a trigger may
 * contain spaces. Every error names its 1-based line.
 */
final class LexiconParser {

    private static final List<String> KINDS = List.of("type", "trigger", "soft_negative", "negation", "negate",
            "neutral", "question", "synonym", "stop", "entity", "generic", "suffix", "common", "contrast", "concession",
            "irony", "slip", "degree", "excess", "adjective", "question_word", "errand", "question_opener", "request", "scare_quote",
            "sign_cue", "metric", "metric_level", "metric_gap", "reservation", "traditional", "cantonese", "entity_rule", "derive");

    private final List<TypeRule> rules = new ArrayList<>();
    private final List<Numbered<MemoryType>> extraTriggers = new ArrayList<>();
    private final Set<String> negations = new LinkedHashSet<>();
    private final Map<MemoryType, Optional<MemoryType>> negated = new EnumMap<>(MemoryType.class);
    private final Set<String> softNegatives = new LinkedHashSet<>();
    private final Set<String> neutral = new LinkedHashSet<>();
    private final Set<String> questions = new LinkedHashSet<>();
    private final Set<String> contrasts = new LinkedHashSet<>();
    private final Set<String> concessions = new LinkedHashSet<>();
    private final Set<String> ironyMarkers = new LinkedHashSet<>();
    private final Map<String, String> slips = new LinkedHashMap<>();
    private final Set<String> degrees = new LinkedHashSet<>();
    private final Set<String> excess = new LinkedHashSet<>();
    private final Map<String, MemoryType> adjectives = new LinkedHashMap<>();
    private final Set<String> questionWords = new LinkedHashSet<>();
    private final Set<String> questionOpeners = new LinkedHashSet<>();
    private final Set<String> requests = new LinkedHashSet<>();
    private final Set<String> scareQuoteHints = new LinkedHashSet<>();
    private final Map<String, MemoryType> signCues = new LinkedHashMap<>();
    private final Map<String, Integer> metricDirections = new LinkedHashMap<>();
    private final Map<String, Integer> metricLevels = new LinkedHashMap<>();
    private final Set<String> metricGap = new LinkedHashSet<>();
    private final Set<String> reservations = new LinkedHashSet<>();
    private final List<Numbered<Void>> synonymGroups = new ArrayList<>();
    private final List<List<String>> entityGroups = new ArrayList<>();
    private final Set<String> generic = new LinkedHashSet<>();
    private final Set<String> suffixes = new LinkedHashSet<>();
    private final Set<String> common = new LinkedHashSet<>();
    private final Set<String> stopWords = new LinkedHashSet<>();
    private final Map<Character, Character> traditional = new LinkedHashMap<>();
    /** The entity rules' word lists declared, by list name; a list given on several lines is their union. */
    private final Map<String, List<String>> entityRules = new LinkedHashMap<>();
    /** The line that declared each traditional character, for the error that only the whole list shows. */
    private final Map<Character, Integer> traditionalLines = new HashMap<>();
    private final List<DerivationRule> derivations = new ArrayList<>();

    /** A declaration kept with its line, for checks that need the whole file. */
    private record Numbered<T>(int line, T key, List<String> words) {
    }

    Lexicon parse(String text) {
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (i == 0 && line.startsWith("\uFEFF")) {
                line = line.substring(1).strip(); // tolerate a UTF-8 byte order mark
            }
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int number = i + 1;
            String declaration = line;
            atLine(number, () -> parseLine(number, declaration));
        }
        return build();
    }

    private static void atLine(int number, Runnable work) {
        try {
            work.run();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("lexicon line " + number + ": " + e.getMessage(), e);
        }
    }

    private void parseLine(int number, String line) {
        String[] headAndRest = line.split("\\s+", 2);
        String kind = headAndRest[0];
        String rest = headAndRest.length > 1 ? headAndRest[1].strip() : "";
        switch (kind) {
            case "type" -> {
                TypeRule rule = parseRule(rest);
                if (rules.stream().anyMatch(r -> r.type() == rule.type())) {
                    throw new IllegalArgumentException("duplicate rule for type " + rule.type().wireName());
                }
                rules.add(rule);
            }
            case "trigger" -> {
                String[] typeAndWords = rest.split("\\s+", 2);
                MemoryType type = type(typeAndWords[0], "trigger needs a type");
                if (!type.classifiable()) {
                    throw new IllegalArgumentException(type.wireName() + " takes no triggers: only the compact job makes it");
                }
                extraTriggers.add(new Numbered<>(number, type,
                        list(typeAndWords.length > 1 ? typeAndWords[1] : "", "trigger " + typeAndWords[0])));
            }
            case "negate" -> parseNegate(rest);
            case "synonym" -> {
                List<String> words = list(rest, kind);
                if (words.size() < 2) {
                    throw new IllegalArgumentException("synonym needs at least two comma-separated words");
                }
                synonymGroups.add(new Numbered<>(number, null, words));
            }
            case "entity" -> entityGroups.add(list(rest, kind));
            case "soft_negative" -> softNegatives.addAll(list(rest, kind));
            case "negation" -> negations.addAll(list(rest, kind));
            case "neutral" -> neutral.addAll(list(rest, kind));
            case "question" -> questions.addAll(list(rest, kind));
            case "contrast" -> contrasts.addAll(list(rest, kind));
            case "concession" -> concessions.addAll(list(rest, kind));
            case "irony" -> ironyMarkers.addAll(list(rest, kind));
            case "slip" -> parseSlips(rest);
            case "degree" -> degrees.addAll(list(rest, kind));
            case "excess" -> excess.addAll(list(rest, kind));
            case "adjective" -> parseAdjectives(rest);
            // an errand (帮我整理, remind me) asks for work, not feedback: a clause holding one is skipped like a question
            case "question_word", "errand" -> questionWords.addAll(list(rest, kind));
            case "question_opener" -> questionOpeners.addAll(list(rest, kind));
            case "request" -> requests.addAll(list(rest, kind));
            case "scare_quote" -> scareQuoteHints.addAll(list(rest, kind));
            case "sign_cue" -> parseSignCues(rest);
            case "metric" -> parseSigned(rest, "metric", "high_is_good", "high_is_bad", metricDirections);
            case "metric_level" -> parseSigned(rest, "metric_level", "high", "low", metricLevels);
            case "metric_gap" -> metricGap.addAll(list(rest, kind));
            case "reservation" -> reservations.addAll(list(rest, kind));
            case "generic" -> generic.addAll(list(rest, kind));
            case "suffix" -> {
                List<String> words = list(rest, kind);
                suffixes.addAll(words);
                generic.addAll(words);
            }
            case "common" -> common.addAll(list(rest, kind));
            case "stop" -> stopWords.addAll(list(rest, kind));
            case "traditional", "cantonese" -> parseTraditional(number, rest);
            case "entity_rule" -> parseEntityRule(rest);
            case "derive" -> {
                DerivationRule rule = DerivationLine.parse(rest);
                if (derivations.stream().anyMatch(d -> d.name().equals(rule.name()))) {
                    throw new IllegalArgumentException("duplicate derive " + rule.name());
                }
                derivations.add(rule);
            }
            default -> throw new IllegalArgumentException(
                    "unknown declaration '" + kind + "' (expected one of " + String.join(", ", KINDS) + ")");
        }
    }

    /** {@code slip 退>推, 近>进}: each pair is one slipped character and the character meant. */
    private void parseSlips(String rest) {
        for (String pair : list(rest, "slip")) {
            String[] parts = pair.split(">", -1);
            if (parts.length != 2 || parts[0].strip().codePointCount(0, parts[0].strip().length()) != 1
                    || parts[1].strip().codePointCount(0, parts[1].strip().length()) != 1) {
                throw new IllegalArgumentException("slip needs pairs of one character each: <slip>><meant> (退>推), got '"
                        + pair + "'");
            }
            slips.put(parts[0].strip(), parts[1].strip());
        }
    }

    /** {@code entity_rule clause_openers 虽然, 尽管}: a list name, then words added to that list. */
    private void parseEntityRule(String rest) {
        String[] nameAndWords = rest.split("\\s+", 2);
        if (nameAndWords[0].isEmpty()) {
            throw new IllegalArgumentException("entity_rule needs a list name (one of "
                    + String.join(", ", EntityRuleWords.NAMES) + ")");
        }
        if (!EntityRuleWords.NAMES.contains(nameAndWords[0])) {
            throw new IllegalArgumentException(EntityRuleWords.unknown(nameAndWords[0]));
        }
        List<String> words = list(nameAndWords.length > 1 ? nameAndWords[1] : "", "entity_rule " + nameAndWords[0]);
        if (EntityRuleWords.CHARACTER_LISTS.contains(nameAndWords[0])) {
            words.stream().filter(w -> w.codePointCount(0, w.length()) != 1).findFirst().ifPresent(w -> {
                throw new IllegalArgumentException("entity_rule " + nameAndWords[0] + " takes single characters, got '"
                        + w + "'");
            });
        }
        entityRules.computeIfAbsent(nameAndWords[0], n -> new ArrayList<>()).addAll(words);
    }

    /**
     * The declared lists; a list the lexicon does not declare (one written before the list existed) is the
     * shipped default's, so that an older deployment lexicon keeps the rules as they were.
     */
    private EntityRuleWords entityRuleWords() {
        if (entityRules.keySet().containsAll(EntityRuleWords.NAMES)) {
            return new EntityRuleWords(entityRules);
        }
        return EntityRuleWords.of(entityRules, Lexicon.loadDefault().entityRules());
    }

    /**
     * {@code traditional 丟丢 並并}: each pair a traditional character and its simplified form; {@code cantonese 唔不 嘅的}
     * the same fold for a Cantonese character and the Mandarin character of the same function (one table, read in one
     * pass, so no chains across the two).
     */
    private void parseTraditional(int number, String rest) {
        for (String pair : rest.split("[\\s,]+")) {
            if (pair.isEmpty()) {
                continue;
            }
            if (pair.length() != 2 || pair.codePointCount(0, 2) != 2 || pair.charAt(0) == pair.charAt(1)) {
                throw new IllegalArgumentException("traditional needs pairs of two different characters:"
                        + " <traditional><simplified> (湯汤), got '" + pair + "'");
            }
            traditional.put(pair.charAt(0), pair.charAt(1));
            traditionalLines.put(pair.charAt(0), number);
        }
    }

    /** One pass reads a text as simplified, so no simplified form may itself be read as another. */
    private TraditionalChars traditionalChars() {
        for (Map.Entry<Character, Character> pair : traditional.entrySet()) {
            char simplified = pair.getValue();
            if (traditional.containsKey(simplified)) {
                atLine(traditionalLines.get(pair.getKey()), () -> {
                    throw new IllegalArgumentException("traditional " + pair.getKey() + simplified + ": " + simplified
                            + " is itself listed as traditional (" + simplified + traditional.get(simplified)
                            + ", line " + traditionalLines.get(simplified)
                            + "); a simplified form may not be read as another");
                });
            }
        }
        return TraditionalChars.of(traditional);
    }

    /** {@code sign_cue project_negative 不予考虑, fell short}: phrases that carry that sign whatever surrounds them. */
    private void parseSignCues(String rest) {
        String[] typeAndWords = rest.split("\\s+", 2);
        MemoryType type = type(typeAndWords[0], "sign_cue needs a type");
        if (type != MemoryType.PROJECT_POSITIVE && type != MemoryType.PROJECT_NEGATIVE) {
            throw new IllegalArgumentException("sign_cue takes project_positive or project_negative, not " + type.wireName());
        }
        if (typeAndWords.length < 2) {
            throw new IllegalArgumentException("sign_cue " + type.wireName() + " needs a list of phrases");
        }
        list(typeAndWords[1], "sign_cue").forEach(word -> signCues.put(word, type));
    }

    /**
     * {@code metric high_is_good 复购率, retention} or {@code metric_level low 低, 偏低}: words of one of two signs
     * ({@code plus} is +1, {@code minus} -1); a word given both signs is an error.
     */
    private static void parseSigned(String rest, String kind, String plus, String minus, Map<String, Integer> out) {
        String[] signAndWords = rest.split("\\s+", 2);
        int sign;
        if (signAndWords[0].equals(plus)) {
            sign = 1;
        } else if (signAndWords[0].equals(minus)) {
            sign = -1;
        } else {
            throw new IllegalArgumentException(kind + " takes " + plus + " or " + minus + ", not '" + signAndWords[0] + "'");
        }
        for (String word : list(signAndWords.length > 1 ? signAndWords[1] : "", kind + " " + signAndWords[0])) {
            Integer before = out.putIfAbsent(word, sign);
            if (before != null && before != sign) {
                throw new IllegalArgumentException(kind + " '" + word + "' is both " + plus + " and " + minus);
            }
        }
    }

    /** {@code adjective project_positive 强, 硬}: evaluative adjectives of one judgement. */
    private void parseAdjectives(String rest) {
        String[] typeAndWords = rest.split("\\s+", 2);
        MemoryType type = type(typeAndWords[0], "adjective needs a type");
        if (type != MemoryType.PROJECT_POSITIVE && type != MemoryType.PROJECT_NEGATIVE) {
            throw new IllegalArgumentException("adjective takes project_positive or project_negative, not " + type.wireName());
        }
        for (String word : list(typeAndWords.length > 1 ? typeAndWords[1] : "", "adjective " + typeAndWords[0])) {
            MemoryType before = adjectives.putIfAbsent(word, type);
            if (before != null && before != type) {
                throw new IllegalArgumentException("adjective '" + word + "' is both " + before.wireName() + " and "
                        + type.wireName());
            }
        }
    }

    private void parseNegate(String rest) {
        String[] parts = rest.split("\\s+");
        if (parts.length != 2 || parts[0].isEmpty()) {
            throw new IllegalArgumentException("negate needs two words: <type> <type or none>");
        }
        MemoryType from = type(parts[0], "negate needs a type");
        Optional<MemoryType> to = parts[1].equals("none") ? Optional.empty()
                : Optional.of(type(parts[1], "negate needs a type or none"));
        if (negated.putIfAbsent(from, to) != null) {
            throw new IllegalArgumentException("negate given twice for " + from.wireName());
        }
    }

    private Lexicon build() {
        Map<MemoryType, List<String>> more = new EnumMap<>(MemoryType.class);
        for (Numbered<MemoryType> extra : extraTriggers) {
            if (rules.stream().noneMatch(r -> r.type() == extra.key())) {
                atLine(extra.line(), () -> {
                    throw new IllegalArgumentException("trigger for " + extra.key().wireName()
                            + " without a type line for it");
                });
            }
            more.computeIfAbsent(extra.key(), t -> new ArrayList<>()).addAll(extra.words());
        }
        List<TypeRule> merged = rules.stream().map(rule -> withMore(rule, more.getOrDefault(rule.type(), List.of())))
                .toList();
        Synonyms synonyms = synonyms(merged);
        Cues cues = new Cues(negations, negated, softNegatives, neutral, questions, contrasts, concessions,
                ironyMarkers, slips, new Phrasing(degrees, excess, adjectives, questionWords, questionOpeners,
                requests, scareQuoteHints, signCues, new Metrics(metricDirections, metricLevels, metricGap), reservations));
        return new Lexicon(merged, new EntityNames(entityGroups, generic, suffixes, common), cues, synonyms, stopWords,
                traditionalChars(), entityRuleWords(), derivations);
    }

    private static TypeRule withMore(TypeRule rule, List<String> more) {
        if (more.isEmpty()) {
            return rule;
        }
        List<String> triggers = new ArrayList<>(rule.triggers());
        more.stream().filter(word -> !triggers.contains(word)).forEach(triggers::add);
        return new TypeRule(rule.type(), triggers, rule.priority(), rule.ttl(), rule.onlyWithoutEntities());
    }

    /** A synonym group must not join words of different meaning: two types, or a trigger and a soft no. */
    private Synonyms synonyms(List<TypeRule> merged) {
        Map<String, String> meaning = new LinkedHashMap<>();
        for (TypeRule rule : merged) {
            rule.triggers().forEach(t -> meaning.putIfAbsent(key(t), rule.type().wireName()));
        }
        softNegatives.forEach(t -> meaning.putIfAbsent(key(t), "soft_negative"));
        neutral.forEach(t -> meaning.putIfAbsent(key(t), "neutral"));
        List<List<String>> groups = new ArrayList<>();
        for (Numbered<Void> group : synonymGroups) {
            atLine(group.line(), () -> {
                Set<String> kinds = new LinkedHashSet<>();
                group.words().forEach(w -> Optional.ofNullable(meaning.get(key(w))).ifPresent(kinds::add));
                if (kinds.size() > 1) {
                    throw new IllegalArgumentException("synonym group joins words of different meaning " + kinds);
                }
                groups.add(group.words());
                new Synonyms(groups); // a word in two groups is reported at the second one
            });
        }
        return new Synonyms(groups);
    }

    private static String key(String word) {
        return TextNormalizer.nfkcLower(word).strip();
    }

    private static MemoryType type(String name, String missing) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException(missing);
        }
        return MemoryType.fromWireName(name).orElseThrow(() ->
                new IllegalArgumentException("unknown memory type '" + name + "'"));
    }

    /** A non-empty comma-separated list without empty items. */
    private static List<String> list(String value, String kind) {
        if (value.isBlank()) {
            throw new IllegalArgumentException(kind + " needs a name");
        }
        List<String> items = Arrays.stream(value.split(",", -1)).map(String::strip).toList();
        if (items.stream().anyMatch(String::isEmpty)) {
            throw new IllegalArgumentException("empty item in '" + value + "'");
        }
        return items;
    }

    // --- type lines -------------------------------------------------------------------------------

    private static TypeRule parseRule(String spec) {
        String[] nameAndRest = spec.split("\\s+", 2);
        if (nameAndRest[0].isEmpty()) {
            throw new IllegalArgumentException("type needs a name");
        }
        MemoryType type = type(nameAndRest[0], "type needs a name");
        Map<String, String> attributes = attributes(nameAndRest.length > 1 ? nameAndRest[1] : "");
        String priority = required(attributes, "priority");
        String ttl = required(attributes, "ttl");
        if (!type.classifiable()) {
            if (attributes.containsKey("triggers") || attributes.containsKey("when")) {
                throw new IllegalArgumentException(type.wireName()
                        + " takes no triggers= and no when=: only the compact job makes it");
            }
            return new TypeRule(type, List.of(), priority(priority), ttl(ttl), false);
        }
        String triggers = required(attributes, "triggers");
        String when = attributes.get("when");
        if (when != null && !when.equals("no_entity")) {
            throw new IllegalArgumentException("unknown condition when=" + when + " (expected no_entity)");
        }
        return new TypeRule(type, triggers(triggers), priority(priority), ttl(ttl), when != null);
    }

    /** key=value pairs; triggers= takes the rest of the line. */
    private static Map<String, String> attributes(String spec) {
        Map<String, String> attributes = new LinkedHashMap<>();
        String remaining = spec.strip();
        while (!remaining.isEmpty()) {
            String[] tokenAndRest = remaining.split("\\s+", 2);
            String token = tokenAndRest[0];
            int eq = token.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected key=value, found '" + token + "'");
            }
            String key = token.substring(0, eq);
            if (!List.of("priority", "ttl", "when", "triggers").contains(key)) {
                throw new IllegalArgumentException("unknown attribute '" + key + "'");
            }
            if (attributes.containsKey(key)) {
                throw new IllegalArgumentException("attribute '" + key + "' given twice");
            }
            if (key.equals("triggers")) {
                attributes.put(key, remaining.substring(eq + 1).strip());
                break;
            }
            attributes.put(key, token.substring(eq + 1));
            remaining = tokenAndRest.length > 1 ? tokenAndRest[1].strip() : "";
        }
        return attributes;
    }

    private static String required(Map<String, String> attributes, String key) {
        String value = attributes.get(key);
        if (value == null || value.isEmpty()) {
            throw new IllegalArgumentException("missing " + key + "=");
        }
        return value;
    }

    private static List<String> triggers(String value) {
        List<String> triggers = Arrays.stream(value.split(",", -1)).map(String::strip).toList();
        if (triggers.stream().anyMatch(String::isEmpty)) {
            throw new IllegalArgumentException("empty trigger in '" + value + "'");
        }
        return triggers;
    }

    private static double priority(String value) {
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("priority is not a number: '" + value + "'");
        }
    }

    private static Optional<Duration> ttl(String value) {
        if (value.equals("permanent")) {
            return Optional.empty();
        }
        try {
            return Optional.of(Duration.parse(value));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("ttl is neither 'permanent' nor an ISO-8601 duration: '" + value + "'");
        }
    }
}
