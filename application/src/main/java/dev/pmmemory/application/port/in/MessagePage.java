package dev.pmmemory.application.port.in;

import java.util.List;

/** @param nextCursor null on the last page */
public record MessagePage(List<RawMessage> items, String nextCursor) {
    public MessagePage {
        items = List.copyOf(items);
    }
}
