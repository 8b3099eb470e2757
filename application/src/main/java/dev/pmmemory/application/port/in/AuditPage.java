package dev.pmmemory.application.port.in;

import java.util.List;

/** @param nextCursor null on the last page */
public record AuditPage(List<AuditEvent> items, String nextCursor) {
    public AuditPage {
        items = List.copyOf(items);
    }

    /** A page of at most {@code limit} of {@code found}, read as {@code limit + 1}: one more tells there is a next page. */
    public static AuditPage of(List<AuditEvent> found, int limit) {
        boolean more = found.size() > limit;
        List<AuditEvent> page = more ? found.subList(0, limit) : found;
        return new AuditPage(page, more ? AuditQuery.cursorAfter(page.get(page.size() - 1).id()) : null);
    }
}
