package dev.pmmemory.domain.recall;

/**
 * keyword_match with semantic recall on (DOMAIN.md §6, issue 5): a mix of the set similarity and
 * the cosine of the query's and the memory's embeddings,
 * <pre>keyword_match = (1 − α)·jaccard + α·max(0, cosine)</pre>
 * always in [0, 1] (a negative cosine counts as no similarity). α = 0 is keyword recall only;
 * {@link #DEFAULT_ALPHA} gives both an equal say. The preference floor applies after the mix.
 */
public record HybridMatch(double alpha) {

    public static final double DEFAULT_ALPHA = 0.5;

    public HybridMatch {
        if (!(alpha >= 0.0 && alpha <= 1.0)) {
            throw new IllegalArgumentException("alpha must be in [0, 1], got " + alpha);
        }
    }

    public static HybridMatch defaults() {
        return new HybridMatch(DEFAULT_ALPHA);
    }

    /** @param jaccard in [0, 1]; @param cosine in [−1, 1] */
    public double keywordMatch(double jaccard, double cosine) {
        double semantic = Math.max(0.0, Math.min(1.0, cosine));
        double mixed = (1.0 - alpha) * jaccard + alpha * semantic;
        return Math.max(0.0, Math.min(1.0, mixed));
    }
}
