package dev.pmmemory.domain.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HanTextTest {

    @Test
    void aRunEndsAtTheFirstCharacterThatIsNotHan() {
        String text = "见了星轨机器人 CEO";
        assertThat(HanText.runEnd(text, 0, text.length())).isEqualTo(7);
        assertThat(HanText.runEnd(text, 7, text.length())).as("no run at a space").isEqualTo(7);
        assertThat(HanText.runEnd("OpenAI估值", 6, 8)).isEqualTo(8);
    }

    @Test
    void aRunIsScannedNoFurtherThanTheLimit() {
        assertThat(HanText.runEnd("星轨机器人", 1, 3)).isEqualTo(3);
    }

    @Test
    void aHanCharacterOutsideTheBasicPlaneIsPartOfTheRun() {
        String text = "𠀀科技 AI"; // U+20000 takes two chars
        assertThat(HanText.runEnd(text, 0, text.length())).isEqualTo(4);
    }
}
