package dev.pmmemory.domain.text;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class JaccardTest {

    @Test
    void examples() {
        assertThat(Jaccard.similarity(Set.of("a", "b"), Set.of("a", "b"))).isEqualTo(1.0);
        assertThat(Jaccard.similarity(Set.of("a", "b"), Set.of("c"))).isEqualTo(0.0);
        assertThat(Jaccard.similarity(Set.of("a", "b", "c"), Set.of("b", "c", "d"))).isCloseTo(0.5, within(1e-12));
    }

    @Test
    void emptySetsNeverMatch() {
        assertThat(Jaccard.similarity(Set.of(), Set.of())).isZero();
        assertThat(Jaccard.similarity(Set.of(), Set.of("a"))).isZero();
        assertThat(Jaccard.similarity(Set.of("a"), Set.of())).isZero();
    }

    @Property
    void fromCountsIsTheSimilarityToTheLastBit(@ForAll @Size(max = 8) Set<@StringLength(min = 1, max = 2) String> a,
                                               @ForAll @Size(max = 8) Set<@StringLength(min = 1, max = 2) String> b) {
        int common = (int) a.stream().filter(b::contains).count();

        assertThat(Jaccard.fromCounts(a.size(), b.size(), common)).isEqualTo(Jaccard.similarity(a, b));
    }

    @Test
    void fromCountsRefusesMoreSharedTermsThanASetHas() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Jaccard.fromCounts(2, 3, 3))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Property
    void isInUnitInterval(@ForAll @Size(max = 8) Set<@StringLength(max = 2) String> a,
                          @ForAll @Size(max = 8) Set<@StringLength(max = 2) String> b) {
        assertThat(Jaccard.similarity(a, b)).isBetween(0.0, 1.0);
    }

    @Property
    void isSymmetric(@ForAll @Size(max = 8) Set<@StringLength(max = 2) String> a,
                     @ForAll @Size(max = 8) Set<@StringLength(max = 2) String> b) {
        assertThat(Jaccard.similarity(a, b)).isEqualTo(Jaccard.similarity(b, a));
    }

    @Property
    void aNonEmptySetIsFullySimilarToItself(@ForAll @Size(min = 1, max = 8) Set<String> a) {
        assertThat(Jaccard.similarity(a, Set.copyOf(a))).isEqualTo(1.0);
    }
}
