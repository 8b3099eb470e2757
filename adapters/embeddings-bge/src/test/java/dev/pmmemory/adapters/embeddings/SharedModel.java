package dev.pmmemory.adapters.embeddings;

import dev.pmmemory.application.port.out.Embeddings;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** One model per test JVM (loading takes seconds), with each text embedded once per run. */
final class SharedModel {

    static final Embeddings CACHED = new Cached(new BgeSmallZhEmbeddings());

    private SharedModel() {
    }

    private record Cached(Embeddings delegate, Map<String, float[]> byText) implements Embeddings {
        Cached(Embeddings delegate) {
            this(delegate, new ConcurrentHashMap<>());
        }

        @Override
        public float[] embed(String text) {
            return byText.computeIfAbsent(text, delegate::embed).clone();
        }

        @Override
        public String model() {
            return delegate.model();
        }

        @Override
        public double unrelatedCosine() {
            return delegate.unrelatedCosine();
        }

        @Override
        public double matchCosine() {
            return delegate.matchCosine();
        }
    }
}
