package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A valid fact to record (PUT …/facts/{attribute}). Build it from the fields of a JSON object with
 * {@link #of}, which names every invalid field.
 *
 * @param value      any JSON value but null or empty, as plain Java values (String, Number, Boolean,
 *                   Map, List, null inside); redacted and made canonical before it is stored
 * @param confidence in [0, 1]; when not given, the source's (explicit 1.0, inferred 0.5, bot 0.3)
 * @param validFrom  when the value starts to hold, or null for now
 * @param actor      an API key's name, or {@code local}
 * @param agent      the agent that used the key, or null when none was named
 */
public record RecordFactCommand(String profileId, String attribute, Object value, double confidence, Source source,
                                Instant validFrom, String actor, String agent) {

    /** The fields a PUT body may name. */
    public static final Set<String> FIELDS = Set.of("value", "confidence", "source", "valid_from");
    /** Longest string inside a value, in characters. */
    public static final int MAX_STRING_CODE_POINTS = 1000;
    /** Longest stored value, in characters of its canonical JSON. */
    public static final int MAX_VALUE_CHARS = 4000;
    /** Deepest nesting of arrays and objects in a value. */
    public static final int MAX_DEPTH = 8;

    public RecordFactCommand {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.attribute("attribute", attribute);
        v.actor(actor);
        v.agent("agent", agent);
        checkValue(v, value);
        checkConfidence(v, confidence);
        if (source == null) {
            v.fail("source", "must be one of explicit, inferred, bot");
        }
        v.check();
    }

    /** A fact no agent is named for. */
    public RecordFactCommand(String profileId, String attribute, Object value, double confidence, Source source,
                             Instant validFrom, String actor) {
        this(profileId, attribute, value, confidence, source, validFrom, actor, null);
    }

    /** {@link #of(String, String, Map, String, String)} with no agent named. */
    public static RecordFactCommand of(String profileId, String attribute, Map<String, ?> fields, String actor) {
        return of(profileId, attribute, fields, actor, null);
    }

    public static RecordFactCommand of(String profileId, String attribute, Map<String, ?> fields, String actor,
                                       String agent) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.attribute("attribute", attribute);
        if (fields == null) {
            v.fail("body", "must be a JSON object with a value");
            v.check();
        }
        for (String unknown : new TreeSet<>(fields.keySet())) {
            if (!FIELDS.contains(unknown)) {
                v.fail(unknown, "is not a field of a fact; allowed: value, confidence, source, valid_from");
            }
        }
        Object value = fields.get("value");
        checkValue(v, value);
        Source source = Source.EXPLICIT;
        if (fields.containsKey("source")) {
            Object s = fields.get("source");
            source = s instanceof String name ? Source.fromWireName(name).orElse(null) : null;
            if (source == null) {
                v.fail("source", "must be one of explicit, inferred, bot");
            }
        }
        double confidence = source == null ? 1.0 : source.confidence();
        if (fields.containsKey("confidence")) {
            if (fields.get("confidence") instanceof Number n) {
                confidence = n.doubleValue();
                checkConfidence(v, confidence);
            } else {
                v.fail("confidence", "must be a number from 0 to 1");
            }
        }
        Instant validFrom = null;
        if (fields.containsKey("valid_from")) {
            if (fields.get("valid_from") instanceof String s) {
                validFrom = v.optionalInstant("valid_from", s);
            } else {
                v.fail("valid_from", "must be an ISO-8601 date-time with an offset, e.g. 2026-05-09T10:00:00Z");
            }
        }
        v.check();
        return new RecordFactCommand(profileId, attribute, value, confidence, source, validFrom, actor, agent);
    }

    private static void checkConfidence(Validation v, double confidence) {
        if (!(confidence >= 0.0 && confidence <= 1.0)) { // also refuses NaN
            v.fail("confidence", "must be a number from 0 to 1");
        }
    }

    private static void checkValue(Validation v, Object value) {
        String problem = valueProblem(value);
        if (problem != null) {
            v.fail("value", problem);
        }
    }

    /** What is wrong with a fact's value, or null; also what an import checks of its facts. */
    public static String valueProblem(Object value) {
        if (value == null) {
            return "is required: any JSON value but null";
        }
        if (value instanceof String s && s.isBlank() || value instanceof List<?> l && l.isEmpty()
                || value instanceof Map<?, ?> m && m.isEmpty()) {
            return "must not be empty (a blank string, [] or {})";
        }
        return problem(value, 0);
    }

    /** What is wrong inside a value, or null. */
    private static String problem(Object value, int depth) {
        if (depth > MAX_DEPTH) {
            return "must not nest arrays and objects deeper than " + MAX_DEPTH;
        }
        if (value == null || value instanceof Boolean) {
            return null;
        }
        if (value instanceof String s) {
            return stringProblem(s);
        }
        if (value instanceof Double d && (d.isNaN() || d.isInfinite())) {
            return "must hold only finite numbers";
        }
        if (value instanceof Number) {
            return null;
        }
        if (value instanceof List<?> list) {
            for (Object item : list) {
                String p = problem(item, depth + 1);
                if (p != null) {
                    return p;
                }
            }
            return null;
        }
        if (value instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String p = e.getKey() instanceof String k ? stringProblem(k) : "must have string keys";
                if (p == null) {
                    p = problem(e.getValue(), depth + 1);
                }
                if (p != null) {
                    return p;
                }
            }
            return null;
        }
        return "must be a JSON value";
    }

    private static String stringProblem(String s) {
        if (s.codePointCount(0, s.length()) > MAX_STRING_CODE_POINTS) {
            return "must hold strings of at most " + MAX_STRING_CODE_POINTS + " characters";
        }
        if (s.chars().anyMatch(Character::isISOControl)) {
            return "must hold strings without control characters (line breaks included)";
        }
        if (!Validation.isWellFormedUnicode(s)) {
            return "must hold well-formed Unicode text (no lone surrogates)";
        }
        return null;
    }
}
