package dev.pmmemory.domain.text;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.assertj.core.api.Assertions.assertThat;

class TextNormalizerPropertiesTest {

    @Property
    void normaliseIsIdempotent(@ForAll String s) {
        String once = TextNormalizer.normalise(s);
        assertThat(TextNormalizer.normalise(once)).isEqualTo(once);
    }

    @Property
    void normaliseIsIdempotentOnFeedbackLikeText(@ForAll("feedbackLike") String s) {
        String once = TextNormalizer.normalise(s);
        assertThat(TextNormalizer.normalise(once)).isEqualTo(once);
    }

    @Property
    void nfkcLowerIsIdempotent(@ForAll String s) {
        String once = TextNormalizer.nfkcLower(s);
        assertThat(TextNormalizer.nfkcLower(once)).isEqualTo(once);
    }

    @Property
    void nfkcLowerIsIdempotentOnFeedbackLikeText(@ForAll("feedbackLike") String s) {
        String once = TextNormalizer.nfkcLower(s);
        assertThat(TextNormalizer.nfkcLower(once)).isEqualTo(once);
    }

    @Property
    void nfkcLowerEqualsTheFullNormalisation(@ForAll("feedbackLike") String s) {
        assertThat(TextNormalizer.nfkcLower(s)).isEqualTo(TextNormalizer.nfkcLowerFully(s));
    }

    @Property
    void nfkcLowerEqualsTheFullNormalisationOnStableText(@ForAll("stableLike") String s) {
        assertThat(TextNormalizer.onlyStableChars(s)).isTrue();
        assertThat(TextNormalizer.nfkcLower(s)).isEqualTo(TextNormalizer.nfkcLowerFully(s));
    }

    /** Every character the shortcut accepts, each alone: one that NFKC or lower-casing changes would show. */
    @Example
    void everyCharacterTheShortcutAcceptsIsOneNfkcLeavesAlone() {
        int accepted = 0;
        for (char c = 0; c < Character.MAX_VALUE; c++) {
            String one = String.valueOf(c);
            if (TextNormalizer.onlyStableChars(one)) {
                accepted++;
                assertThat(TextNormalizer.nfkcLower(one)).as("U+%04X", (int) c).isEqualTo(TextNormalizer.nfkcLowerFully(one));
            }
        }
        assertThat(accepted).isGreaterThan(20_000); // the Han block is in
    }

    @Property
    void normaliseNeverKeepsWhitespace(@ForAll("feedbackLike") String s) {
        assertThat(TextNormalizer.normalise(s)).doesNotContainPattern("\\s");
    }

    /** Only characters the shortcut of nfkcLower accepts. */
    @Provide
    Arbitrary<String> stableLike() {
        return Arbitraries.strings()
                .withCharRange('\u0020', '\u007E')
                .withCharRange('\u4E00', '\u9FFF')
                .withCharRange('\u3008', '\u3011')
                .withChars('\t', '\n', '\r', '\u3001', '\u3002', '\u3014', '\u3015', '\u2018', '\u2019', '\u201C',
                        '\u201D', '\u00B7', '\u2014')
                .ofMinLength(1).ofMaxLength(60);
    }

    /** Latin, full-width, Han, CJK punctuation, combining marks and spaces mixed together. */
    @Provide
    Arbitrary<String> feedbackLike() {
        return Arbitraries.strings()
                .withCharRange('\u0020', '\u007E')
                .withCharRange('\u00C0', '\u024F')
                .withCharRange('\u0300', '\u036F')
                .withCharRange('\u3000', '\u303F')
                .withCharRange('\u4E00', '\u4FFF')
                .withCharRange('\uFF01', '\uFF5E')
                .withChars('\u200B', '\u00A0', '\u2126', '\u212A', '\u0130', '\u03A3', '\uFB01')
                .ofMaxLength(40);
    }
}
