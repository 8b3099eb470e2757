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
        int union = a.size() + b.size() - common;
        return (double) common / union;
    }
}
