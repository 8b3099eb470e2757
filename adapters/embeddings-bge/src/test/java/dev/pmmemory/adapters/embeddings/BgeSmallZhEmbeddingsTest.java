package dev.pmmemory.adapters.embeddings;

import static org.assertj.core.api.Assertions.assertThat;

import static org.assertj.core.api.Assertions.within;

import dev.pmmemory.application.eval.SemanticRecallEvaluation;
import dev.pmmemory.application.port.out.Embeddings;
import dev.pmmemory.domain.recall.Cosine;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
    void capitalisedNamesAreNotOneUnknownToken() {
        // before lower-casing, OpenAI, Kimi and Claude had the very same vector
        assertThat(Cosine.similarity(BGE.embed("OpenAI"), BGE.embed("Kimi"))).isLessThan(0.9);
        assertThat(Cosine.similarity(BGE.embed("Claude 估值高"), BGE.embed("StepFun 估值高"))).isLessThan(0.95);
        assertThat(BGE.embed("OpenAI 估值高")).containsExactly(BGE.embed("openai 估值高"));
    }

    @Test
    void theUnrelatedCosineIsTheMedianOverPairsOfDifferentMessages() {
        List<float[]> vectors = SemanticRecallEvaluation.messageTexts().stream().map(BGE::embed).toList();
        List<Double> cosines = new ArrayList<>();
        for (int i = 0; i < vectors.size(); i++) {
            for (int j = i + 1; j < vectors.size(); j++) {
                cosines.add(Cosine.similarity(vectors.get(i), vectors.get(j)));
            }
        }
        Collections.sort(cosines);
        double median = cosines.get(cosines.size() / 2);
        assertThat(BGE.unrelatedCosine()).isCloseTo(median, within(0.02));
    }

    @Test
    void theModuleRegistersItselfForServiceLoader() {
        assertThat(ServiceLoader.load(Embeddings.class).stream().map(ServiceLoader.Provider::type))
                .contains(BgeSmallZhEmbeddings.class);
    }
}
