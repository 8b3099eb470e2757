package dev.pmmemory.application;

/**
 * A stored value that cannot be opened: altered, copied from another row, sealed under a key that is not
 * configured, or plain where a sealed value was expected. Names the row, never the content, so it can be
 * reported instead of served as garbled text or silently skipped.
 */
public final class UnreadableFieldException extends RuntimeException {
    private final String table;
    private final String column;
    private final String rowId;
    private final String profileId;

    /** The place as a port's {@code AssociatedData} names it; {@code reason} must hold no content. */
    public UnreadableFieldException(String table, String column, String rowId, String profileId, String reason) {
        super("cannot open " + describe(table, column, rowId, profileId) + ": " + reason);
        this.table = table;
        this.column = column;
        this.rowId = rowId;
        this.profileId = profileId;
    }

    /** The row in words: table, column, row and profile. */
    public String where() {
        return describe(table, column, rowId, profileId);
    }

    public String table() {
        return table;
    }

    public String column() {
        return column;
    }

    public String rowId() {
        return rowId;
    }

    public String profileId() {
        return profileId;
    }

    private static String describe(String table, String column, String rowId, String profileId) {
        return table + "." + column + " of row " + rowId + " (profile " + profileId + ")";
    }
}
