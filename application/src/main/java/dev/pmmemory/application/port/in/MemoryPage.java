package dev.pmmemory.application.port.in;

import java.util.List;

/** @param nextCursor null on the last page */
public record MemoryPage(List<MemoryView> items, String nextCursor) {
    public MemoryPage {
        items = List.copyOf(items);
    }
}
