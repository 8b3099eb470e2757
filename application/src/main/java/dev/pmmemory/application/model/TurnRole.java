package dev.pmmemory.application.model;

import java.util.Locale;
import java.util.Optional;

/** Who spoke in a session turn: the PM, the bot, or the instructions the bot was given. */
public enum TurnRole {
    USER, ASSISTANT, SYSTEM;

    public static final String WIRE_NAMES = "user, assistant, system";

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<TurnRole> fromWireName(String name) {
        for (TurnRole r : values()) {
            if (r.wireName().equals(name)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }
}
