package dev.pmmemory.domain.fact;

import dev.pmmemory.domain.privacy.Redaction;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.privacy.SecretKind;
import dev.pmmemory.domain.text.StringLiteral;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A fact's value as canonical JSON text, from the plain Java values a JSON object reads as
 * (String, Number, Boolean, Map, List, null): object keys sorted, numbers without trailing zeros
 * (2.0 is 2), no spaces. Two values are the same value exactly when their canonical texts are
 * equal, which is how "the same value again changes nothing" is decided, and the text is what
 * the stores keep (they never need to parse it).
 *
 * <p>Every string, key and number passes through the {@link Redactor} first, like feedback: a
 * number that is a secret (a bank card) becomes the redaction marker string.
 */
public final class FactValue {
    private FactValue() {
    }

    /** The canonical text and the kinds of secret replaced on the way. */
    public record Canonical(String json, List<SecretKind> redactions) {
        public Canonical {
            redactions = List.copyOf(redactions);
        }
    }

    public static Canonical canonical(Object value, Redactor redactor) {
        StringBuilder out = new StringBuilder();
        Set<SecretKind> kinds = new LinkedHashSet<>();
        write(out, value, redactor, kinds);
        return new Canonical(out.toString(), new ArrayList<>(kinds));
    }

    private static void write(StringBuilder out, Object value, Redactor redactor, Set<SecretKind> kinds) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof Boolean b) {
            out.append(b);
        } else if (value instanceof String s) {
            StringLiteral.appendQuoted(out, redact(s, redactor, kinds));
        } else if (value instanceof Number n) {
            String number = number(n);
            Redaction r = redactor.redact(number);
            if (r.redactedAnything()) {
                kinds.addAll(r.kinds());
                StringLiteral.appendQuoted(out, r.text());
            } else {
                out.append(number);
            }
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(out, list.get(i), redactor, kinds);
            }
            out.append(']');
        } else if (value instanceof Map<?, ?> map) {
            Map<String, Object> sorted = new TreeMap<>();
            map.forEach((k, v) -> sorted.put(redact(String.valueOf(k), redactor, kinds), v));
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> e : sorted.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                StringLiteral.appendQuoted(out, e.getKey());
                out.append(':');
                write(out, e.getValue(), redactor, kinds);
            }
            out.append('}');
        } else {
            throw new IllegalArgumentException("not a JSON value: " + value.getClass().getSimpleName());
        }
    }

    private static String redact(String s, Redactor redactor, Set<SecretKind> kinds) {
        Redaction r = redactor.redact(s);
        kinds.addAll(r.kinds());
        return r.text();
    }

    /** Plain digits for integers and ordinary decimals; scientific notation only for extreme exponents. */
    static String number(Number n) {
        BigDecimal d;
        if (n instanceof BigDecimal bd) {
            d = bd;
        } else if (n instanceof BigInteger bi) {
            d = new BigDecimal(bi);
        } else if (n instanceof Double || n instanceof Float) {
            double v = n.doubleValue();
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                throw new IllegalArgumentException("not a JSON number: " + v);
            }
            d = BigDecimal.valueOf(v);
        } else {
            d = BigDecimal.valueOf(n.longValue());
        }
        if (d.signum() == 0) {
            return "0";
        }
        d = d.stripTrailingZeros();
        boolean ordinary = d.scale() <= 0 ? d.precision() - d.scale() <= 40 : d.scale() <= 40;
        return ordinary ? d.toPlainString() : d.toString();
    }
}
