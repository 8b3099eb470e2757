package dev.pmmemory.application.testing;

import dev.pmmemory.application.port.out.Embeddings;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/** The {@link Embeddings} of tests: a model name, its unrelated-text cosine, vectors from a function; it records every text embedded. */
public final class FakeEmbeddings implements Embeddings {
    private final String model;
    private final double unrelatedCosine;
    private final double matchCosine;
    private final Function<String, float[]> vectors;
    private final List<String> calls = new CopyOnWriteArrayList<>();

    /** Any lift above the unrelated level matches: the tests' vectors are chosen to be clear cut. */
    public FakeEmbeddings(String model, double unrelatedCosine, Function<String, float[]> vectors) {
        this(model, unrelatedCosine, unrelatedCosine, vectors);
    }

    public FakeEmbeddings(String model, double unrelatedCosine, double matchCosine, Function<String, float[]> vectors) {
        this.model = Objects.requireNonNull(model, "model");
        this.unrelatedCosine = unrelatedCosine;
        this.matchCosine = matchCosine;
        this.vectors = Objects.requireNonNull(vectors, "vectors");
    }

    /** Texts about going overseas (海外, 出海) point one way, every other text the other: orthogonal, so unrelated = 0. */
    public static FakeEmbeddings overseasOrNot(String model) {
        return new FakeEmbeddings(model, 0.0, text -> text.contains("海外") || text.contains("出海")
                ? new float[] {1f, 0f} : new float[] {0f, 1f});
    }

    @Override
    public float[] embed(String text) {
        calls.add(text);
        return vectors.apply(text);
    }

    @Override
    public String model() {
        return model;
    }

    @Override
    public double unrelatedCosine() {
        return unrelatedCosine;
    }

    @Override
    public double matchCosine() {
        return matchCosine;
    }

    /** The texts embedded so far, in order. */
    public List<String> calls() {
        return List.copyOf(calls);
    }

    public void forgetCalls() {
        calls.clear();
    }
}
