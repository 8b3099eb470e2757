package dev.pmmemory.application.model;

import java.util.Locale;

/** What one feedback message did to the memory. */
public enum FeedbackOutcome {
    CREATED, DEDUPLICATED, REPLAYED, PENDING, UNCLASSIFIED;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static FeedbackOutcome fromWireName(String name) {
        return valueOf(name.toUpperCase(Locale.ROOT));
    }
}
