package dev.pmmemory.application;

/**
 * A stored value that cannot be opened: altered, copied from another row, sealed under a key that is not
 * configured, or plain where a sealed value was expected. Names the row, never the content, so it can be
 * reported instead of served as garbled text or silently skipped.
 */
public final class UnreadableFieldException extends RuntimeException {
    // the row as text: the port's AssociatedData.describe(), so this package needs no port type
    private final String where;

    public UnreadableFieldException(String where, String reason) {
        super("cannot open " + where + ": " + reason);
        this.where = where;
    }

    public String where() {
        return where;
    }
}
