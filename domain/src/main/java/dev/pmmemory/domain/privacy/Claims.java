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
     * Claims [start, end) up to its first taken character: a token whose tail an earlier finder
     * already took ("Bearer AA…sk-ghp_…") still loses its head, so a second pass finds nothing new.
     */
    boolean claimUpToTaken(int start, int end, SecretKind kind) {
        int next = taken.nextSetBit(start);
        return claim(start, next < 0 || next >= end ? end : next, kind);
    }

    List<Finding> inTextOrder() {
        return findings.stream().sorted(Comparator.comparingInt(Finding::start)).toList();
    }
}
