package dev.pmmemory.adapters.embeddings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.domain.recall.Cosine;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/** The real model, offline: shape, determinism, and that it knows paraphrases from unrelated text. */
class BgeSmallZhEmbeddingsTest {

    private static final Embeddings BGE = SharedModel.CACHED;

    @Test
    void vectorsHave512DimensionsAndAreDeterministic() {
        float[] a = BGE.embed("海外早期项目");
        assertThat(a).hasSize(512);
        assertThat(BGE.embed("海外早期项目")).containsExactly(a);
        assertThat(BGE.model()).isEqualTo(BgeSmallZhEmbeddings.MODEL);
    }

    @Test
    void aParaphraseIsCloserThanAnUnrelatedSentence() {
        float[] query = BGE.embed("海外早期项目");
        double paraphrase = Cosine.similarity(query, BGE.embed("我更倾向出海的早期创业公司"));
        double unrelated = Cosine.similarity(query, BGE.embed("下周我在外地出差"));
        assertThat(paraphrase).isGreaterThan(unrelated);
    }

    @Test
    void theModuleRegistersItselfForServiceLoader() {
        assertThat(ServiceLoader.load(Embeddings.class).stream().map(ServiceLoader.Provider::type))
                .contains(BgeSmallZhEmbeddings.class);
    }
}
