package dev.pmmemory.adapters.mcp;

import dev.pmmemory.application.Validation;

/**
 * What the tools' shared arguments mean, and their shapes (the use cases' own, stated for the schema).
 *
 * <p>Tool method parameters are named as on the wire, snake_case ({@code profile_id}): the extension names
 * each argument after its parameter, and, once a parameter carries a constraint annotation (a bound for the
 * schema), also the argument's property in the input schema; a {@code @ToolArg(name = …)} would rename the
 * first but not the second, and the schema would advertise names the tool does not read.
 */
final class Args {
    static final String PROFILE = "The profile (one PM's memory) to act on. Omit it when your API key is bound to"
            + " a single profile; otherwise it is required and must be one your key may touch. Every result names"
            + " the profile it used.";
    static final String PROFILE_REGEX = "^" + Validation.PROFILE_ID_REGEX + "$";
    static final String MEMORY_ID = "The memory's id, as a previous result gave it (memory.id).";
    static final String OPAQUE_ID_REGEX = "^" + Validation.OPAQUE_ID_REGEX + "$";
    static final String ATTRIBUTE_REGEX = "^" + Validation.ATTRIBUTE_REGEX + "$";
    static final String INSTANT = "An ISO-8601 date-time with an offset, e.g. 2026-05-09T10:00:00Z.";
    static final int MAX_ENTITY_CHARS = 200;

    private Args() {
    }
}
