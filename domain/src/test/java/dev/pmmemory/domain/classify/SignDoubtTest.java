package dev.pmmemory.domain.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.domain.memory.MemoryType;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SignDoubtTest {

    private static SignDoubt believing(Map<String, Double> posteriors, double holdBelow) {
        return new SignDoubt(message -> posteriors, holdBelow);
    }

    private static Classification typed(MemoryType type) {
        return Classification.of(Optional.of(type));
    }

    @Test
    void aRulesTypeTheModelIsSureHasTheOtherSignIsHeldWithThatSignsTypesBestFirst() {
        SignDoubt doubt = believing(Map.of("project_positive", 0.9, "project_advance", 0.099, "project_negative", 0.001),
                0.99);
        Classification judged = doubt.judge("商业化并不差", typed(MemoryType.PROJECT_NEGATIVE),
                Optional.of(MemoryType.PROJECT_NEGATIVE));
        assertThat(judged.held()).isTrue();
        assertThat(judged.alternatives()).containsExactly(MemoryType.PROJECT_POSITIVE, MemoryType.PROJECT_ADVANCE);
        assertThat(judged.confidence()).isEqualTo(0.001, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void aCoinTossOfTheModelDoesNotHoldTheRulesPlainJudgement() {
        SignDoubt doubt = believing(Map.of("project_negative", 0.58, "project_positive", 0.42), 0.99);
        Classification judged = doubt.judge("OpenAI 产品不错", typed(MemoryType.PROJECT_POSITIVE),
                Optional.of(MemoryType.PROJECT_POSITIVE));
        assertThat(judged.held()).isFalse();
        assertThat(judged.confidence()).isEqualTo(0.42, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void theModelsOwnAnswerUnderTheFloorIsHeldAndAnOverruleOfTheOtherSignAlways() {
        SignDoubt doubt = believing(Map.of("project_negative", 0.9, "project_positive", 0.1), 0.95);
        assertThat(doubt.judge("m", typed(MemoryType.PROJECT_NEGATIVE), Optional.empty()).held()).isTrue();
        SignDoubt sure = believing(Map.of("project_negative", 0.999, "project_positive", 0.001), 0.95);
        assertThat(sure.judge("m", typed(MemoryType.PROJECT_NEGATIVE), Optional.empty()).held()).isFalse();
        assertThat(sure.judge("m", typed(MemoryType.PROJECT_NEGATIVE), Optional.of(MemoryType.PROJECT_ADVANCE)).held())
                .isTrue();
    }

    @Test
    void aTypeWithoutASignIsNeverHeldAndNoModelChangesNothing() {
        SignDoubt doubt = believing(Map.of("market_info", 0.3, "project_positive", 0.7), 0.99);
        Classification judged = doubt.judge("m", typed(MemoryType.MARKET_INFO), Optional.of(MemoryType.MARKET_INFO));
        assertThat(judged.held()).isFalse();
        assertThat(judged.confidence()).isEqualTo(0.3);
        assertThat(believing(Map.of(), 0.99).judge("m", typed(MemoryType.PROJECT_NEGATIVE), Optional.empty()))
                .isEqualTo(typed(MemoryType.PROJECT_NEGATIVE));
        assertThat(new ClassifierChain(List.of((message, entities) -> Optional.of(MemoryType.PROJECT_NEGATIVE)),
                Optional.empty(), Optional.of(believing(Map.of("project_positive", 1.0), 0.5)))
                .classification("m", List.of()).held()).isTrue();
    }

    @Test
    void aFloorOutsideZeroToOneIsRefused() {
        assertThatThrownBy(() -> believing(Map.of(), 1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SignDoubt(message -> Map.of(), 0.99, SignCues.NONE, -0.1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("stated");
    }

    private static SignDoubt statedFloor(Map<String, Double> posteriors, double statedHoldBelow) {
        return new SignDoubt(message -> posteriors, 0.99, SignCues.NONE, statedHoldBelow);
    }

    @Test
    void aStatedConfidenceUnderItsFloorIsHeldWithTheOtherSignsTypesEvenWithoutAModel() {
        Classification judged = statedFloor(Map.of(), 0.9)
                .judge("m", Classification.ofStated(MemoryType.PROJECT_POSITIVE, 0.6), Optional.empty());
        assertThat(judged.held()).isTrue();
        assertThat(judged.alternatives()).containsExactly(MemoryType.PROJECT_NEGATIVE);
        assertThat(judged.confidence()).isEqualTo(0.6);
        assertThat(judged.stated()).isTrue();

        Classification unsaid = statedFloor(Map.of(), 0.9)
                .judge("m", Classification.ofStated(MemoryType.PROJECT_NEGATIVE, 0.0), Optional.empty());
        assertThat(unsaid.alternatives()).containsExactly(MemoryType.PROJECT_ADVANCE, MemoryType.PROJECT_POSITIVE);
    }

    @Test
    void aStatedConfidenceAtItsFloorIsTakenWhereTheModelsWeakPosteriorWouldHoldAComputedOne() {
        Map<String, Double> weak = Map.of("project_negative", 0.6, "project_positive", 0.4);
        Classification stated = statedFloor(weak, 0.9)
                .judge("m", Classification.ofStated(MemoryType.PROJECT_NEGATIVE, 0.9), Optional.empty());
        assertThat(stated.held()).isFalse();
        assertThat(stated.confidence()).as("the stated confidence is kept, not the model's").isEqualTo(0.9);
        assertThat(statedFloor(weak, 0.9).judge("m", typed(MemoryType.PROJECT_NEGATIVE), Optional.empty()).held())
                .as("the same type from the model itself is held under memory.classify.hold-below").isTrue();
        assertThat(statedFloor(weak, 0.95)
                .judge("m", Classification.ofStated(MemoryType.PROJECT_NEGATIVE, 0.9), Optional.empty()).held())
                .as("the floor is the configured one").isTrue();
    }

    @Test
    void aStatedConfidenceAboveItsFloorIsStillHeldWhenTheModelIsSureOfTheOtherSign() {
        Classification judged = statedFloor(Map.of("project_positive", 0.995, "project_negative", 0.005), 0.9)
                .judge("m", Classification.ofStated(MemoryType.PROJECT_NEGATIVE, 0.97), Optional.empty());
        assertThat(judged.held()).isTrue();
        assertThat(judged.alternatives()).startsWith(MemoryType.PROJECT_POSITIVE);
        assertThat(judged.confidence()).isEqualTo(0.97);
    }

    @Test
    void aStatedTypeWithoutASignIsNeverHeldAndKeepsItsStatedConfidence() {
        Classification judged = statedFloor(Map.of("project_positive", 1.0), 0.9)
                .judge("m", Classification.ofStated(MemoryType.MARKET_INFO, 0.2), Optional.empty());
        assertThat(judged.held()).isFalse();
        assertThat(judged.confidence()).isEqualTo(0.2);
    }

    @Test
    void theChainHoldsALaterLinksStatedAnswerUnderTheFloor() {
        Classifier rules = (message, entities) -> Optional.empty();
        Classifier llm = new Classifier() {
            @Override
            public Optional<MemoryType> classify(String message, List<String> entities) {
                return classification(message, entities).type();
            }

            @Override
            public Classification classification(String message, List<String> entities) {
                return Classification.ofStated(MemoryType.PROJECT_ADVANCE, message.contains("sure") ? 0.95 : 0.5);
            }
        };
        ClassifierChain chain = new ClassifierChain(List.of(rules, llm), Optional.empty(),
                Optional.of(statedFloor(Map.of(), 0.9)));
        assertThat(chain.classification("maybe meet them", List.of()).alternatives())
                .containsExactly(MemoryType.PROJECT_NEGATIVE);
        assertThat(chain.classification("sure, meet them", List.of()).held()).isFalse();
    }
}
