package dev.pmmemory.domain.privacy;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * The outcome of redacting one message.
 *
 * @param text  the message with every secret replaced by its marker
 * @param kinds the distinct kinds found, in order of first occurrence in the message
 */
public record Redaction(String text, List<SecretKind> kinds) {
    public Redaction {
        Objects.requireNonNull(text, "text");
        kinds = List.copyOf(kinds);
        if (new HashSet<>(kinds).size() != kinds.size()) {
            throw new IllegalArgumentException("kinds must be distinct: " + kinds);
        }
    }

    public boolean redactedAnything() {
        return !kinds.isEmpty();
    }
}
