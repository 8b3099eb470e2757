package dev.pmmemory.domain.text;

/**
 * A string as a JSON (and JavaScript) string literal. Hand-written because the domain and the application have no JSON
 * library, and both write small JSON texts (a fact's canonical value, an audit event's before / after).
 */
public final class StringLiteral {
    private StringLiteral() {
    }

    /** Appends {@code s} quoted and escaped; control characters and the two JS line separators as \\uXXXX. */
    public static void appendQuoted(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == '\u2028' || c == '\u2029') {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
