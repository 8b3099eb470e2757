package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code PUT /v1/entities/{name}} before its names are checked (the registry service checks them
 * and names every bad one). Build it from a JSON body with {@link #of}, which names every field of
 * the wrong shape.
 *
 * @param aliases the other names, or null for none
 * @param kind    a kind's wire name, or null for {@code company}
 * @param actor   who asks (an API key's name, or {@code local})
 */
public record PutEntityCommand(String name, List<String> aliases, String kind, String actor) {

    /** The fields a PUT body may name. */
    public static final Set<String> FIELDS = Set.of("aliases", "kind");

    public static PutEntityCommand of(String name, Map<String, ?> body, String actor) {
        Validation v = new Validation();
        Map<String, ?> fields = body == null ? Map.of() : body;
        for (String unknown : new TreeSet<>(fields.keySet())) {
            if (!FIELDS.contains(unknown)) {
                v.fail(unknown, "is not a field of an entity; allowed: aliases, kind");
            }
        }
        List<String> aliases = null;
        Object given = fields.get("aliases");
        if (given instanceof List<?> list) {
            aliases = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                if (list.get(i) instanceof String alias) {
                    aliases.add(alias);
                } else {
                    v.fail("aliases[" + i + "]", "must be a string");
                }
            }
        } else if (given != null) {
            v.fail("aliases", "must be an array of names");
        }
        String kind = null;
        Object k = fields.get("kind");
        if (k instanceof String s) {
            kind = s;
        } else if (k != null) {
            v.fail("kind", "must be a string");
        }
        v.check();
        return new PutEntityCommand(name, aliases, kind, actor);
    }
}
