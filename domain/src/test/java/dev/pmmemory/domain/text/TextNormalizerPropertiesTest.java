package dev.pmmemory.domain.text;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
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
    void normaliseNeverKeepsWhitespace(@ForAll("feedbackLike") String s) {
        assertThat(TextNormalizer.normalise(s)).doesNotContainPattern("\\s");
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
