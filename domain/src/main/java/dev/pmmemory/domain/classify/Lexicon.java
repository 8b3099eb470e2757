package dev.pmmemory.domain.classify;

import dev.pmmemory.domain.memory.MemoryType;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The classification and extraction vocabulary: type rules in precedence order, the entity
 * dictionary and the generic words that are never entities. It is data so that a deployment
 * can override the shipped default without a code change.
 *
 * <p>Text format, one declaration per line ({@code #} comments and blank lines ignored):
 * <pre>
 * type long_term_preference priority=1.0 ttl=permanent triggers=以后,少推
 * type market_info priority=0.4 ttl=P7D when=no_entity triggers=赛道,趋势
 * entity 智谱
 * generic AI
 * </pre>
 * {@code triggers=} comes last and takes the rest of the line, so a trigger may contain spaces.
 */
public record Lexicon(List<TypeRule> rules, Set<String> entityDictionary, Set<String> genericWords) {

    public static final String DEFAULT_RESOURCE = "/dev/pmmemory/domain/classify/default-lexicon.txt";

    public Lexicon {
        rules = List.copyOf(rules);
        entityDictionary = Collections.unmodifiableSet(new LinkedHashSet<>(entityDictionary));
        genericWords = Collections.unmodifiableSet(new LinkedHashSet<>(genericWords));
        Set<MemoryType> seen = EnumSet.noneOf(MemoryType.class);
        for (TypeRule rule : rules) {
            if (!seen.add(rule.type())) {
                throw new IllegalArgumentException("more than one rule for type " + rule.type().wireName());
            }
        }
        Set<MemoryType> missing = EnumSet.allOf(MemoryType.class);
        missing.removeAll(seen);
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("no rule for type(s) " + missing.stream().map(MemoryType::wireName).toList());
        }
    }

    public TypeRule ruleFor(MemoryType type) {
        return rules.stream().filter(rule -> rule.type() == type).findFirst()
                .orElseThrow(() -> new IllegalStateException("no rule for " + type)); // unreachable: validated
    }

    /** The shipped default ({@value #DEFAULT_RESOURCE}). */
    public static Lexicon loadDefault() {
        try (InputStream in = Lexicon.class.getResourceAsStream(DEFAULT_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing classpath resource " + DEFAULT_RESOURCE);
            }
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + DEFAULT_RESOURCE, e);
        }
    }

    /** @throws IllegalArgumentException naming the 1-based line and the reason for any malformed line */
    public static Lexicon parse(String text) {
        List<TypeRule> rules = new ArrayList<>();
        Set<String> entities = new LinkedHashSet<>();
        Set<String> generic = new LinkedHashSet<>();
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (i == 0 && line.startsWith("\uFEFF")) {
                line = line.substring(1).strip(); // tolerate a UTF-8 byte order mark
            }
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                parseLine(line, rules, entities, generic);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("lexicon line " + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return new Lexicon(rules, entities, generic);
    }

    private static void parseLine(String line, List<TypeRule> rules, Set<String> entities, Set<String> generic) {
        String[] headAndRest = line.split("\\s+", 2);
        String rest = headAndRest.length > 1 ? headAndRest[1].strip() : "";
        switch (headAndRest[0]) {
            case "type" -> {
                TypeRule rule = parseRule(rest);
                if (rules.stream().anyMatch(r -> r.type() == rule.type())) {
                    throw new IllegalArgumentException("duplicate rule for type " + rule.type().wireName());
                }
                rules.add(rule);
            }
            case "entity" -> entities.add(requireValue(rest, "entity"));
            case "generic" -> generic.add(requireValue(rest, "generic"));
            default -> throw new IllegalArgumentException(
                    "unknown declaration '" + headAndRest[0] + "' (expected type, entity or generic)");
        }
    }

    private static String requireValue(String value, String kind) {
        if (value.isEmpty()) {
            throw new IllegalArgumentException(kind + " needs a name");
        }
        return value;
    }

    private static TypeRule parseRule(String spec) {
        String[] nameAndRest = spec.split("\\s+", 2);
        if (nameAndRest[0].isEmpty()) {
            throw new IllegalArgumentException("type needs a name");
        }
        MemoryType type = MemoryType.fromWireName(nameAndRest[0]).orElseThrow(() ->
                new IllegalArgumentException("unknown memory type '" + nameAndRest[0] + "'"));
        Map<String, String> attributes = attributes(nameAndRest.length > 1 ? nameAndRest[1] : "");
        String priority = required(attributes, "priority");
        String ttl = required(attributes, "ttl");
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
