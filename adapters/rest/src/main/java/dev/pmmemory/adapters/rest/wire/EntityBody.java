package dev.pmmemory.adapters.rest.wire;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.PutEntityCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** The body of PUT /v1/entities/{name}, read as a JSON object so that a field of the wrong shape is named. */
public final class EntityBody {

    private EntityBody() {
    }

    /** The entity the body describes; its names are checked by the registry, which names every bad one. */
    public static PutEntityCommand read(String name, Map<String, ?> body, String actor) {
        Validation v = new Validation();
        Map<String, ?> fields = body == null ? Map.of() : body;
        for (String unknown : new TreeSet<>(fields.keySet())) {
            if (!PutEntityCommand.FIELDS.contains(unknown)) {
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
