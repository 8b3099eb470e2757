package dev.pmmemory.domain.classify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The signs a message's phrasing vouches for, and the holds they cause when the chain stores the other sign. */
class SignCuesTest {

    private static final SignCues CUES = SignCues.of(Lexicon.loadDefault());

    /** A model sure of the answer's sign, so that only the phrasing can hold it. */
    private static SignDoubt sureOf(MemoryType type) {
        return new SignDoubt(message -> Map.of(type.wireName(), 1.0), 0.99, CUES);
    }

    private static Classification judged(String message, MemoryType type) {
        return sureOf(type).judge(message, Classification.of(Optional.of(type)), Optional.of(type));
    }

    @Test
    void formalRefusalsAndNegatedPraiseVouchForANegative() {
        assertThat(CUES.signs("思谋的交付周期过长，客户满意度偏低，不予考虑。")).containsExactly(-1);
        assertThat(CUES.signs("该团队的工程能力难以令人信服。")).containsExactly(-1);
        assertThat(CUES.signs("The product demonstration fell well short of our expectations.")).containsExactly(-1);
        assertThat(CUES.signs("商汤这次发布的新模型谈不上惊艳")).containsExactly(-1);
    }

    @Test
    void theLongestCueWinsSoDoubleNegationVouchesForPraise() {
        assertThat(CUES.signs("清风物联的团队也谈不上差")).containsExactly(1);
        assertThat(CUES.signs("混元最新版本其实没那么差")).containsExactly(1);
        assertThat(CUES.signs("银河通用的量产进度并不落后于同业")).containsExactly(1);
    }

    @Test
    void aCueBeforeAContrastOrInsideAConcessionIsNoVerdict() {
        assertThat(CUES.signs("壁仞科技的团队没得说，不过现金流撑不过明年，这轮不看了")).doesNotContain(1);
        assertThat(CUES.signs("虽然木星储能的技术指标并非没有亮点，但是价格战太激烈")).doesNotContain(1);
    }

    @Test
    void aConcededClauseVouchesForTheOtherSign() {
        assertThat(CUES.signs("虽然估值太贵，但团队很强")).contains(1);
        assertThat(CUES.signs("Even though Mistral's revenue is thin, the research team is world-class")).containsExactly(1);
    }

    @Test
    void aTypeOfTheOtherSignIsHeldEvenWhenRulesAndModelAgreeOnIt() {
        Classification held = judged("该团队的工程能力难以令人信服。", MemoryType.PROJECT_POSITIVE);
        assertThat(held.held()).isTrue();
        assertThat(held.alternatives()).containsExactly(MemoryType.PROJECT_NEGATIVE);
        assertThat(judged("该团队的工程能力难以令人信服。", MemoryType.PROJECT_NEGATIVE).held()).isFalse();
    }

    @Test
    void plainJudgementsHaveNoCueAndAreNotHeld() {
        assertThat(CUES.signs("OpenAI 产品不错")).isEmpty();
        assertThat(judged("Anthropic 不错", MemoryType.PROJECT_POSITIVE).held()).isFalse();
        assertThat(judged("OpenAI 估值太高", MemoryType.PROJECT_NEGATIVE).held()).isFalse();
    }

    @Test
    void cuesOfBothSignsHoldNothing() {
        assertThat(judged("该公司谈不上惊艳，也不容小觑", MemoryType.PROJECT_POSITIVE).held()).isFalse();
    }

    @Test
    void aSignCueTakesOnlyASignedType() {
        assertThatThrownBy(() -> Lexicon.parse(Lexicon.defaultText() + "\nsign_cue market_info 趋势\n"))
                .hasMessageContaining("sign_cue");
        assertThat(CUES.signs("此事作罢")).isEmpty();
        Lexicon lexicon = Lexicon.parse(Lexicon.defaultText() + "\nsign_cue project_negative 此事作罢\n");
        assertThat(SignCues.of(lexicon).signs("此事作罢")).containsExactly(-1);
    }
}
