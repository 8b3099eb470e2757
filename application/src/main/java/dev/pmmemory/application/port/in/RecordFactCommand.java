package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A valid fact to record (PUT …/facts/{attribute}); the constructor names every invalid field.
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
