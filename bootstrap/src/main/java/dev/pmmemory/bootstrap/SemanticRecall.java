package dev.pmmemory.bootstrap;

import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.domain.recall.HybridMatch;
import io.quarkus.runtime.configuration.ConfigurationException;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Supplier;

/**
 * Semantic recall as configured: the embeddings (empty when off) and the hybrid mix. The
 * implementation is found with {@link ServiceLoader}, so bootstrap compiles without the
 * embeddings adapter, which a {@code -Psemantic} build adds; with semantic recall off no model is
 * loaded.
 */
record SemanticRecall(Optional<Embeddings> embeddings, HybridMatch mix) {

    static final String HOW_TO_BUILD = "memory.semantic.enabled=true needs the embeddings adapter, which this build"
            + " does not include: build with -Psemantic (./mvnw package -Psemantic); the native executable never"
            + " includes it (ONNX Runtime is JVM-only): run the JVM build for semantic recall";

    static SemanticRecall off() {
        return new SemanticRecall(Optional.empty(), HybridMatch.defaults(0.0));
    }

    static SemanticRecall configure(boolean enabled, double weight) {
        return configure(enabled, weight,
                () -> ServiceLoader.load(Embeddings.class).stream().map(ServiceLoader.Provider::get).toList());
    }

    /** @param providers called only when enabled: it instantiates (loads) the models it finds */
    static SemanticRecall configure(boolean enabled, double weight, Supplier<List<Embeddings>> providers) {
        HybridMatch keywordOnly;
        try {
            keywordOnly = new HybridMatch(weight, 0.0); // checks the weight whether on or off
        } catch (IllegalArgumentException e) {
            throw new ConfigurationException("memory.semantic.weight: " + e.getMessage(), e);
        }
        if (!enabled) {
            return new SemanticRecall(Optional.empty(), keywordOnly);
        }
        List<Embeddings> found = providers.get();
        if (found.isEmpty()) {
            throw new ConfigurationException(HOW_TO_BUILD);
        }
        if (found.size() > 1) {
            throw new ConfigurationException("memory.semantic.enabled=true: more than one Embeddings implementation"
                    + " on the classpath: " + found.stream().map(Embeddings::model).toList());
        }
        Embeddings model = found.get(0);
        return new SemanticRecall(Optional.of(model), new HybridMatch(weight, model.unrelatedCosine(), model.matchCosine()));
    }
}
