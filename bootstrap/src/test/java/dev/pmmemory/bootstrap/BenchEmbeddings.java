package dev.pmmemory.bootstrap;

import dev.pmmemory.domain.lexicon.TextAnalyzers;
import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.text.TextAnalyzer;

/**
 * A deterministic stand-in for bge-small-zh in bench/context: each term of the text (as the
 * analyser cuts it) adds a pseudo-random unit direction, so texts sharing terms have a higher
 * cosine. Same length (512) as the real model, so the store reads and scans the same bytes; it
 * costs microseconds per query where the real model costs milliseconds (measured apart).
 */
final class BenchEmbeddings implements Embeddings {
    static final int DIMENSIONS = 512;
    private static final TextAnalyzer ANALYZER = TextAnalyzers.from(Lexicon.loadDefault());

    @Override
    public float[] embed(String text) {
        float[] v = new float[DIMENSIONS];
        for (String term : ANALYZER.analyze(text).keywords()) {
            long seed = term.hashCode() * 0x9E3779B97F4A7C15L;
            for (int i = 0; i < DIMENSIONS; i++) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                v[i] += (float) ((seed >>> 40) / (double) (1L << 24) - 0.5);
            }
        }
        double norm = 0;
        for (float x : v) {
            norm += x * x;
        }
        if (norm == 0) {
            v[0] = 1f;
            return v;
        }
        float scale = (float) (1 / Math.sqrt(norm));
        for (int i = 0; i < DIMENSIONS; i++) {
            v[i] *= scale;
        }
        return v;
    }

    @Override
    public String model() {
        return "bench-hashed-terms-512";
    }

    @Override
    public double unrelatedCosine() {
        return 0.1;
    }

    @Override
    public double matchCosine() {
        return 0.1;
    }
}
