package dev.pmmemory.application.port.in;

import dev.pmmemory.domain.text.StringLiteral;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The before or after of an audited change: a small flat JSON object of the fields it changed
 * ({@code {"status":"pending"}}, {@code {"content":"…","expires_at":null}}), in the order they were
 * put. Written by hand: the application has no JSON library, and these objects hold only strings and
 * nulls.
 */
public record ChangedFields(Map<String, String> fields) {

    public ChangedFields {
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields)); // values may be null
    }

    public ChangedFields() {
        this(Map.of());
    }

    /** These fields and {@code name}: {@code value}. */
    public ChangedFields put(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(fields);
        more.put(name, value);
        return new ChangedFields(more);
    }

    public ChangedFields put(String name, Instant value) {
        return put(name, value == null ? null : value.toString());
    }

    public Set<String> names() {
        return fields.keySet();
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
            StringLiteral.appendQuoted(out, name);
            out.append(':');
            if (value == null) {
                out.append("null");
            } else {
                StringLiteral.appendQuoted(out, value);
            }
        });
        return out.append('}').toString();
    }
}
