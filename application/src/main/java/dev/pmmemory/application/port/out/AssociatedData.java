package dev.pmmemory.application.port.out;

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

    private static void requireText(String value, String name) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("associated data needs a " + name);
        }
    }

    /** The place in words, for error messages and logs (no content). */
    public String describe() {
        return table + "." + column + " of row " + rowId + " (profile " + profileId + ")";
    }
}
