package dev.pmmemory.domain.text;

import java.util.Set;

/** Set similarity used as keyword_match: |A ∩ B| / |A ∪ B|, always in [0, 1]. */
public final class Jaccard {

    private Jaccard() {
    }

    /** 0 when either set is empty: "no terms" must never look like a match. */
    public static double similarity(Set<String> a, Set<String> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return 0.0;
        }
        // Iterate the smaller set; the result does not depend on the order of the arguments.
        Set<String> small = a.size() <= b.size() ? a : b;
        Set<String> large = small == a ? b : a;
        int common = 0;
        for (String term : small) {
            if (large.contains(term)) {
                common++;
            }
        }
        return fromCounts(a.size(), b.size(), common);
    }

    /**
     * The same similarity from the sizes alone: what {@link #similarity} returns for sets of
     * {@code sizeA} and {@code sizeB} distinct terms sharing {@code common}, to the last bit (a store
     * can count shared terms without handing over the sets).
     */
    public static double fromCounts(int sizeA, int sizeB, int common) {
        if (sizeA == 0 || sizeB == 0) {
            return 0.0;
        }
        if (common < 0 || common > Math.min(sizeA, sizeB)) {
            throw new IllegalArgumentException("common must be in [0, min(sizes)], got " + common);
        }
        int union = sizeA + sizeB - common;
        return (double) common / union;
    }
}
