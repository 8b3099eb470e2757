package dev.pmmemory.domain.text;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class UnitsTest {

    @Test
    void latinWordsAreOneUnitHanCharactersOneEach() {
        assertThat(Units.texts("OpenAI 估值高")).containsExactly("openai", "估", "值", "高");
        assertThat(Units.texts("let's pass, don’t")).containsExactly("let's", "pass", "don't");
        assertThat(Units.texts("50亿美元")).containsExactly("50", "亿", "美", "元");
    }

    @Test
    void spacesAndPunctuationOnlySeparate() {
        assertThat(Units.texts("可 以 推 进")).isEqualTo(Units.texts("可以推进"));
        assertThat(Units.texts("01.AI")).containsExactly("01", "ai");
        assertThat(Units.texts("!!! ，")).isEmpty();
    }

    @Test
    void unitsKnowWhereTheyAre() {
        List<Units.Unit> units = Units.of("ab 估");
        assertThat(units).containsExactly(new Units.Unit("ab", 0, 2, true), new Units.Unit("估", 3, 4, false));
    }
}
