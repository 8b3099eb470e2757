package dev.pmmemory.domain.lexicon;

import dev.pmmemory.domain.derive.DerivationRule;
import dev.pmmemory.domain.derive.DerivationRule.Grouping;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code derive <name> type=<wire_name> window=<ISO-8601> min=<n> by=<any|each|entity> propose=<text>
 * [words=<list>]}: one derivation rule (docs/rules.md "Derived preferences"); words= takes the rest of the line.
 */
final class DerivationLine {
    private static final List<String> KEYS = List.of("type", "window", "min", "by", "propose", "words");

    private DerivationLine() {
    }

    static DerivationRule parse(String rest) {
        String[] nameAndRest = rest.split("\\s+", 2);
        if (nameAndRest[0].isEmpty()) {
            throw new IllegalArgumentException("derive needs a name");
        }
        String name = nameAndRest[0];
        Map<String, String> a = attributes(nameAndRest.length > 1 ? nameAndRest[1] : "");
        for (String key : List.of("type", "window", "min", "by", "propose")) {
            if (a.get(key) == null || a.get(key).isEmpty()) {
                throw new IllegalArgumentException("derive " + name + ": missing " + key + "=");
            }
        }
        MemoryType type = MemoryType.fromWireName(a.get("type")).orElseThrow(() ->
                new IllegalArgumentException("derive " + name + ": unknown type '" + a.get("type") + "'"));
        Duration window;
        try {
            window = Duration.parse(a.get("window"));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("derive " + name + ": window= is an ISO-8601 duration (P60D), got '"
                    + a.get("window") + "'");
        }
        int min;
        try {
            min = Integer.parseInt(a.get("min"));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("derive " + name + ": min= is a whole number, got '" + a.get("min") + "'");
        }
        Grouping by = Arrays.stream(Grouping.values()).filter(g -> g.wireName().equals(a.get("by"))).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("derive " + name + ": by= is any, each or entity, got '"
                        + a.get("by") + "'"));
        List<String> words = a.containsKey("words")
                ? Arrays.stream(a.get("words").split(",", -1)).map(String::strip).toList() : List.of();
        if (words.stream().anyMatch(String::isEmpty)) {
            throw new IllegalArgumentException("derive " + name + ": empty item in words=");
        }
        return new DerivationRule(name, type, window, min, by, a.get("propose"), words);
    }

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
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException("unknown attribute '" + key + "' (expected one of " + KEYS + ")");
            }
            if (attributes.containsKey(key)) {
                throw new IllegalArgumentException("attribute '" + key + "' given twice");
            }
            if (key.equals("words")) {
                attributes.put(key, remaining.substring(eq + 1).strip());
                break;
            }
            attributes.put(key, token.substring(eq + 1));
            remaining = tokenAndRest.length > 1 ? tokenAndRest[1].strip() : "";
        }
        return attributes;
    }
}
