package dev.pmmemory.application.access;

import dev.pmmemory.application.Validation;
import java.util.Optional;

/**
 * The agent a caller names (an {@code x-agent-id} header, an MCP client's name and version), made fit for
 * the audit trail: it describes who called, so an odd value is tidied rather than refused: control and
 * format characters (a line break, a right-to-left override) and lone surrogates become spaces, surrounding
 * space goes, and it is cut to
 * {@value Validation#MAX_AGENT_CODE_POINTS} characters. Nothing left means no agent.
 */
public final class AgentName {
    /** The HTTP header a caller names its agent in, on REST and MCP alike. */
    public static final String HEADER = "x-agent-id";

    private AgentName() {
    }

    public static Optional<String> of(String raw) {
        if (raw == null) {
            return Optional.empty();
        }
        StringBuilder tidy = new StringBuilder();
        raw.codePoints().map(c -> unprintable(c) ? ' ' : c).forEach(tidy::appendCodePoint);
        String name = tidy.toString().strip();
        if (name.codePointCount(0, name.length()) > Validation.MAX_AGENT_CODE_POINTS) {
            name = name.substring(0, name.offsetByCodePoints(0, Validation.MAX_AGENT_CODE_POINTS)).strip();
        }
        return name.isEmpty() ? Optional.empty() : Optional.of(name);
    }

    private static boolean unprintable(int c) {
        int type = Character.getType(c);
        return type == Character.CONTROL || type == Character.FORMAT || type == Character.SURROGATE;
    }
}
