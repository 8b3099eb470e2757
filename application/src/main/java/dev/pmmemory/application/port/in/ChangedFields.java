package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.text.JsonString;
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

    public ChangedFields put(String name, Instant value) {
        return put(name, value == null ? null : value.toString());
    }

    public java.util.Set<String> names() {
        return java.util.Collections.unmodifiableSet(fields.keySet());
    }

    public boolean isEmpty() {
        return fields.isEmpty();
    }

    public String json() {
        StringBuilder out = new StringBuilder("{");
        fields.forEach((name, value) -> {
            if (out.length() > 1) {
                out.append(',');
            }
            JsonString.appendQuoted(out, name);
            out.append(':');
            if (value == null) {
                out.append("null");
            } else {
                JsonString.appendQuoted(out, value);
            }
        });
        return out.append('}').toString();
    }
}
