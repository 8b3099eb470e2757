package dev.pmmemory.domain.recall;

/**
 * keyword_match with semantic recall on (rules.md §6): the set similarity, raised by the
 * embeddings' cosine where it falls short,
 * <pre>
 * semantic      = clamp((cosine − c₀) / (1 − c₀), 0, 1)
 * keyword_match = jaccard + α · semantic · (1 − jaccard)
 * </pre>
 * c₀ is the model's cosine between unrelated texts (its {@code unrelatedCosine}): a model whose
 * cosines never fall below ≈ 0.4 would otherwise lift every memory alike. The cosine only adds
 * what the set similarity lacks (a "noisy or"): a memory matching every query term stays at 1, one
 * sharing none rises to at most α, and α = 0 is keyword recall only. Always in [0, 1]; the
 * preference floor applies after the mix.
 *
 * <p>A memory sharing no term <em>matches</em> the query (relevance first) only when its
 * cosine exceeds {@code matchCosine}, the model's level for "about the same thing": the lift
 * above c₀ orders memories, but a model that rates unrelated texts 0.40–0.46 alike would make half
 * of a profile a match at c₀.
 *
 * <p>{@link #DEFAULT_ALPHA} = 0.4, measured on bench/eval with bge-small-zh-v1.5 (see its README):
 * recall@3 0.912 at α 0.3 and 0.4, 0.947 at 0.5, against 0.895 with keyword recall only; 0.4 keeps
 * the fewest must-not memories in the top 3.
 */
public record HybridMatch(double alpha, double unrelatedCosine, double matchCosine) {

    static final double DEFAULT_ALPHA = 0.4;

    public HybridMatch {
        if (!(alpha >= 0.0 && alpha <= 1.0)) {
            throw new IllegalArgumentException("alpha must be in [0, 1], got " + alpha);
        }
        if (!(unrelatedCosine >= 0.0 && unrelatedCosine < 1.0)) {
            throw new IllegalArgumentException("unrelatedCosine must be in [0, 1), got " + unrelatedCosine);
        }
        if (!(matchCosine >= unrelatedCosine && matchCosine < 1.0)) {
            throw new IllegalArgumentException("matchCosine must be in [unrelatedCosine, 1), got " + matchCosine);
        }
    }

    /** A mix whose match level is the unrelated level: any cosine lift makes a match. */
    public HybridMatch(double alpha, double unrelatedCosine) {
        this(alpha, unrelatedCosine, unrelatedCosine);
    }

    /** The default α for a model whose unrelated texts have cosine {@code unrelatedCosine}. */
    public static HybridMatch defaults(double unrelatedCosine) {
        return new HybridMatch(DEFAULT_ALPHA, unrelatedCosine);
    }

    /** The default α for a model with both its levels. */
    public static HybridMatch defaults(double unrelatedCosine, double matchCosine) {
        return new HybridMatch(DEFAULT_ALPHA, unrelatedCosine, matchCosine);
    }

    /**
     * Whether a memory of that set similarity and cosine matches the query: it shares a term, or
     * (the cosine counting at all, α above 0) its cosine is above the match level.
     */
    public boolean matches(double jaccard, double cosine) {
        return jaccard > 0 || (alpha > 0 && cosine > matchCosine);
    }

    /** @param jaccard in [0, 1]; @param cosine in [−1, 1] */
    public double keywordMatch(double jaccard, double cosine) {
        double j = clamp(jaccard);
        double semantic = clamp((cosine - unrelatedCosine) / (1.0 - unrelatedCosine));
        return clamp(j + alpha * semantic * (1.0 - j));
    }

    private static double clamp(double x) {
        return Math.max(0.0, Math.min(1.0, x));
    }
}
