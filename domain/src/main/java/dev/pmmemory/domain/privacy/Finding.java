package dev.pmmemory.domain.privacy;

/** One secret found: the half-open range [start, end) of the message to replace. */
record Finding(int start, int end, SecretKind kind) {
    Finding {
        if (start < 0 || end <= start) {
            throw new IllegalArgumentException("empty or negative range " + start + ".." + end);
        }
    }
}
