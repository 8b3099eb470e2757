package dev.pmmemory.adapters.mcp;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A tool argument of any JSON type as the use cases take it: String, Number, Boolean, Map, List or null.
 * The MCP layer hands objects and arrays over as Vert.x JSON; this unwraps them, all the way down.
 */
final class JsonValues {
    private JsonValues() {
    }

    static Object plain(Object value) {
        if (value instanceof JsonObject o) {
            return plain(o.getMap());
        }
        if (value instanceof JsonArray a) {
            return plain(a.getList());
        }
        if (value instanceof Map<?, ?> m) {
            Map<String, Object> copy = new LinkedHashMap<>();
            m.forEach((k, v) -> copy.put(String.valueOf(k), plain(v)));
            return copy;
        }
        if (value instanceof List<?> l) {
            List<Object> copy = new ArrayList<>(l.size());
            l.forEach(v -> copy.add(plain(v)));
            return copy;
        }
        return value;
    }
}
