package dev.pmmemory.domain.recall;

/** Cosine similarity of two vectors of equal length: in [−1, 1], 0 when either is all zeros. */
public final class Cosine {

    private Cosine() {
    }

    public static double similarity(float[] a, float[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("vectors of different lengths: " + a.length + " and " + b.length);
        }
        // four independent partial sums of each: semantic recall scans every visible memory's vector per
        // call, and one chain of dependent additions per sum kept the CPU waiting on each (≈ 3x slower)
        double dot0 = 0;
        double dot1 = 0;
        double dot2 = 0;
        double dot3 = 0;
        double a0 = 0;
        double a1 = 0;
        double a2 = 0;
        double a3 = 0;
        double b0 = 0;
        double b1 = 0;
        double b2 = 0;
        double b3 = 0;
        int i = 0;
        for (int end = a.length - 3; i < end; i += 4) {
            double x0 = a[i];
            double x1 = a[i + 1];
            double x2 = a[i + 2];
            double x3 = a[i + 3];
            double y0 = b[i];
            double y1 = b[i + 1];
            double y2 = b[i + 2];
            double y3 = b[i + 3];
            dot0 += x0 * y0;
            dot1 += x1 * y1;
            dot2 += x2 * y2;
            dot3 += x3 * y3;
            a0 += x0 * x0;
            a1 += x1 * x1;
            a2 += x2 * x2;
            a3 += x3 * x3;
            b0 += y0 * y0;
            b1 += y1 * y1;
            b2 += y2 * y2;
            b3 += y3 * y3;
        }
        for (; i < a.length; i++) {
            double x = a[i];
            double y = b[i];
            dot0 += x * y;
            a0 += x * x;
            b0 += y * y;
        }
        double dot = (dot0 + dot1) + (dot2 + dot3);
        double normA = (a0 + a1) + (a2 + a3);
        double normB = (b0 + b1) + (b2 + b3);
        if (normA == 0 || normB == 0) {
            return 0.0;
        }
        double c = dot / (Math.sqrt(normA) * Math.sqrt(normB));
        return Math.max(-1.0, Math.min(1.0, c)); // rounding can step just outside
    }
}
