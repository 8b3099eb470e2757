package dev.pmmemory.application;

import dev.pmmemory.application.port.out.AssociatedData;

/**
 * A stored value that cannot be opened: altered, copied from another row, sealed under a key that is not
 * configured, or plain where a sealed value was expected. Names the row, never the content, so it can be
 * reported instead of served as garbled text or silently skipped.
 */
public final class UnreadableFieldException extends RuntimeException {
    private final AssociatedData where;

    public UnreadableFieldException(AssociatedData where, String reason) {
        super("cannot open " + where.describe() + ": " + reason);
        this.where = where;
    }

    public AssociatedData where() {
        return where;
    }
}
