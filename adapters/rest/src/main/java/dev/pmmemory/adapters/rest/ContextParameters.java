package dev.pmmemory.adapters.rest;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.model.ContextInclude;
import dev.pmmemory.application.port.in.RecallContextQuery;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The query parameters of GET …/context as they arrive (any may be null). They stay text up to here: a typed
 * JAX-RS parameter that does not convert is answered 404 without its name, where a caller needs a 400
 * naming every bad parameter at once.
 */
record ContextParameters(String query, String limit, String asOf, String types, String entity, String include) {

    RecallContextQuery toQuery(String profileId) {
        Validation v = new Validation();
        int k = v.intInRange("limit", limit, RecallContextQuery.DEFAULT_LIMIT, 1, RecallContextQuery.MAX_LIMIT);
        var at = v.optionalInstant("as_of", asOf);
        var typeSet = v.memoryTypes("types", commaSeparated(types));
        Set<ContextInclude> sections = new LinkedHashSet<>();
        for (String name : commaSeparated(include).stream().map(String::strip).filter(n -> !n.isEmpty()).toList()) {
            ContextInclude.fromWireName(name).ifPresentOrElse(sections::add,
                    () -> v.fail("include", "unknown value '" + name + "'; allowed: " + ContextInclude.allowed()));
        }
        v.check();
        return new RecallContextQuery(profileId, query, k, at, typeSet, entity, sections);
    }

    private static List<String> commaSeparated(String value) {
        return value == null ? List.of() : Arrays.asList(value.split(","));
    }
}
