package dev.pmmemory.application.service;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The before or after of an audited change: a small flat JSON object of the fields it changed
 * ({@code {"status":"pending"}}, {@code {"content":"…","expires_at":null}}). Written by hand: the
 * application has no JSON library, and these objects hold only strings and nulls.
 */
public final class ChangedFields {
    private final Map<String, String> fields = new LinkedHashMap<>();

    public ChangedFields put(String name, String value) {
        fields.put(name, value);
        return this;
    }

    ChangedFields put(String name, Instant value) {
        return put(name, value == null ? null : value.toString());
    }

    java.util.Set<String> names() {
        return java.util.Collections.unmodifiableSet(fields.keySet());
    }

    boolean isEmpty() {
        return fields.isEmpty();
    }

    public String json() {
        StringBuilder out = new StringBuilder("{");
        fields.forEach((name, value) -> {
            if (out.length() > 1) {
                out.append(',');
            }
            quote(out, name);
            out.append(':');
            if (value == null) {
                out.append("null");
            } else {
                quote(out, value);
            }
        });
        return out.append('}').toString();
    }

    private static void quote(StringBuilder out, String s) {
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
                    if (c < 0x20) {
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
