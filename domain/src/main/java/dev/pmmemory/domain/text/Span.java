package dev.pmmemory.domain.text;

/** A name found at [start, end) of a message's NFKC text. */
record Span(int start, int end, String name) {
    boolean overlaps(Span other) {
        return start < other.end && other.start < end;
    }
}
