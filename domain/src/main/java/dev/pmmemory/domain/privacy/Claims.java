package dev.pmmemory.domain.privacy;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;

/**
 * The parts of one message already taken, by an earlier (higher-priority) finder or by a marker that
 * was already there. A range can be claimed once; that is how priority and idempotence work.
 * One instance per {@code redact} call.
 */
final class Claims {
    private final BitSet taken = new BitSet();
    private final List<Finding> findings = new ArrayList<>();

    /** Marks an existing {@code [REDACTED:…]} marker so nothing re-matches inside or across it. */
    void protect(int start, int end) {
        taken.set(start, end);
    }

    boolean isTaken(int index) {
        return taken.get(index);
    }

    boolean isFree(int start, int end) {
        int next = taken.nextSetBit(start);
        return next < 0 || next >= end;
    }

    /** Claims [start, end) for {@code kind} if nothing there is taken yet. */
    boolean claim(int start, int end, SecretKind kind) {
        if (end <= start || !isFree(start, end)) {
            return false;
        }
        taken.set(start, end);
        findings.add(new Finding(start, end, kind));
        return true;
    }

    /**
     * Claims every stretch of [start, end) not taken yet: a token with a key shape an earlier finder
     * already took inside it ("Bearer AA…sk-ghp_….tail") loses its head and its tail too, so no part
     * of it stays in the text and a second pass finds nothing new. True when anything was claimed.
     */
    boolean claimFreeParts(int start, int end, SecretKind kind) {
        boolean any = false;
        for (int from = taken.nextClearBit(start); from < end; ) {
            int next = taken.nextSetBit(from);
            int to = next < 0 || next > end ? end : next;
            any |= claim(from, to, kind);
            from = taken.nextClearBit(to);
        }
        return any;
    }

    List<Finding> inTextOrder() {
        return findings.stream().sorted(Comparator.comparingInt(Finding::start)).toList();
    }
}
