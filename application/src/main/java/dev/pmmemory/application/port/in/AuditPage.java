package dev.pmmemory.application.port.in;

import java.util.List;

/** @param nextCursor null on the last page */
public record AuditPage(List<AuditEvent> items, String nextCursor) {
    public AuditPage {
        items = List.copyOf(items);
    }
}
