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
    }
}
