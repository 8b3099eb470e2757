package dev.pmmemory.adapters.classifier.ngram;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.adapters.classifier.ngram.TrainingData.Example;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import org.junit.jupiter.api.Test;

class NgramClassifierTest {

    private static final List<Example> TINY = List.of(
            new Example("project_negative", "估值太高了"), new Example("project_negative", "估值偏高，不看"),
            new Example("project_advance", "可以约创始人聊聊"), new Example("project_advance", "约一下他们CTO"),
            new Example("none", "收到"), new Example("none", "好的收到"), new Example("summary", "总结一下"));

    @Test
    void featuresAreLatinWordsAndHanOneToThreeGrams() {
        assertThat(NgramFeatures.of("Don't 估值高")).containsExactly("w:don't", "c:估", "c:值", "c:高", "c:估值", "c:值高",
                "c:估值高");
        assertThat(NgramFeatures.of("OpenAI！")).containsExactly("w:openai");
    }

    @Test
    void answersATypeOnlyAboveTheFloorAndNeverNoneOrSummary() {
        NgramClassifier link = NgramClassifier.trainedOn(TINY, 0.5);
        assertThat(link.classify("这家估值太高", List.of())).contains(MemoryType.PROJECT_NEGATIVE);
        assertThat(link.classify("下周约创始人", List.of())).contains(MemoryType.PROJECT_ADVANCE);
        assertThat(link.predict("收到了").label()).isEqualTo("none");
        assertThat(link.classify("收到了", List.of())).isEmpty();
        assertThat(link.predict("总结一下").label()).isEqualTo("summary");
        assertThat(link.classify("总结一下", List.of())).isEmpty();
        NgramClassifier strict = NgramClassifier.trainedOn(TINY, 1.0);
        assertThat(strict.classify("这家估值太高", List.of())).isEmpty();
    }

    @Test
    void aPredictionIsAPosteriorAndDeterministic() {
        NgramClassifier link = NgramClassifier.trainedOn(TINY, 0.5);
        NaiveBayes.Prediction first = link.predict("估值太高，约一下");
        assertThat(first.confidence()).isBetween(1.0 / 4, 1.0);
        assertThat(link.predict("估值太高，约一下")).isEqualTo(first);
        assertThat(link.predict("完全没见过的字").confidence()).isBetween(0.0, 1.0);
    }

    @Test
    void theFloorIsAProbability() {
        assertThatThrownBy(() -> NgramClassifier.trainedOn(TINY, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> NgramClassifier.trainedOn(TINY, 1.01)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> NgramClassifier.trainedOn(TINY, Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> NgramClassifier.trainedOn(List.of(), 0.9)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theShippedTrainingFileLoadsAndParses() {
        List<Example> shipped = TrainingData.shipped();
        assertThat(shipped).hasSizeGreaterThan(600);
        assertThat(shipped).extracting(Example::label).allMatch(label -> label.equals("none")
                || MemoryType.fromWireName(label).isPresent());
        assertThat(NgramClassifier.shipped(NgramClassifier.DEFAULT_MIN_CONFIDENCE).describe()).contains("features");
        assertThatThrownBy(() -> TrainingData.parse("no tab here\n")).hasMessageContaining("line 1");
        assertThat(TrainingData.parse("# comment\n\nnone\t收到\n")).containsExactly(new Example("none", "收到"));
    }
}
