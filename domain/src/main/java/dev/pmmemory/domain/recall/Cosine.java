package dev.pmmemory.domain.recall;

/** Cosine similarity of two vectors of equal length: in [−1, 1], 0 when either is all zeros. */
public final class Cosine {

    private Cosine() {
    }

    public static double similarity(float[] a, float[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("vectors of different lengths: " + a.length + " and " + b.length);
        }
        double dot = 0;
        double normA = 0;
        double normB = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            normA += (double) a[i] * a[i];
            normB += (double) b[i] * b[i];
        }
        if (normA == 0 || normB == 0) {
            return 0.0;
        }
        double c = dot / (Math.sqrt(normA) * Math.sqrt(normB));
        return Math.max(-1.0, Math.min(1.0, c)); // rounding can step just outside
    }
}
