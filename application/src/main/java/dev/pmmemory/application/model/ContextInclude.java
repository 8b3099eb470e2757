package dev.pmmemory.application.model;

import java.util.Arrays;
import java.util.Optional;

/** What a context request may add to the ranked memories ({@code include=…}). */
public enum ContextInclude {
    /** Relevant lessons of past rounds: an {@code experiences} array and their prompt-block section. */
    EXPERIENCES("experiences");

    private final String wireName;

    ContextInclude(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<ContextInclude> fromWireName(String name) {
        return Arrays.stream(values()).filter(i -> i.wireName.equals(name)).findFirst();
    }

    public static String allowed() {
        return String.join(", ", Arrays.stream(values()).map(ContextInclude::wireName).toList());
    }
}
