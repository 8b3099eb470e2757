package dev.pmmemory.application.port.out;

import java.time.Instant;
import java.util.Objects;

/**
 * Where a sealed value lives: its table, column, row id and profile. Sealing binds the ciphertext to all four,
 * so a value copied to another row, column or profile fails to open instead of showing someone else's text.
 */
public record AssociatedData(String table, String column, String rowId, String profileId) {

    public AssociatedData {
        requireText(table, "table");
        requireText(column, "column");
        requireText(rowId, "rowId");
        Objects.requireNonNull(profileId, "profileId");
    }

    /**
     * Where a session turn's text lives: its session, the millisecond it was received and its profile ("" for a
     * turn of no profile), so a turn copied to another session, time or profile fails to open.
     */
    public static AssociatedData ofTurn(String sessionId, Instant createdAt, String profileId) {
        return new AssociatedData("session_turns", "content", sessionId + "@" + createdAt.toEpochMilli(),
                profileId == null ? "" : profileId);
    }

    private static void requireText(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("associated data needs a " + name);
        }
    }

    /** The place in words, for error messages and logs (no content); as {@code UnreadableFieldException#where}. */
    public String describe() {
        return table + "." + column + " of row " + rowId + " (profile " + profileId + ")";
    }
}
