package dev.pmmemory.application.port.in;

import java.util.List;
import java.util.Set;

/**
 * {@code PUT /v1/entities/{name}} before its names are checked (the registry service checks them
 * and names every bad one).
 *
 * @param aliases the other names, or null for none
 * @param kind    a kind's wire name, or null for {@code company}
 * @param actor   who asks (an API key's name, or {@code local})
 */
public record PutEntityCommand(String name, List<String> aliases, String kind, String actor) {

    /** The fields a PUT body may name. */
    public static final Set<String> FIELDS = Set.of("aliases", "kind");
}
