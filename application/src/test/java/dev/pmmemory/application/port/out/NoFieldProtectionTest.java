package dev.pmmemory.application.port.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class NoFieldProtectionTest {
    private static final AssociatedData WHERE = new AssociatedData("memories", "content", "m-1", "pm-alice");

    private final FieldProtection none = FieldProtection.none();

    @Test
    void storesTextAsGivenAndTermsAsTheirOwnIndex() {
        assertThat(none.seal("宁德时代的估值太高", WHERE)).isEqualTo("宁德时代的估值太高");
        assertThat(none.open("宁德时代的估值太高", WHERE)).isEqualTo("宁德时代的估值太高");
        assertThat(none.seal("", WHERE)).isEmpty();
        assertThat(none.seal(null, WHERE)).isNull();
        assertThat(none.blindIndex("NVDA")).isEqualTo("NVDA");
        assertThat(none.blindIndexCandidates("NVDA")).containsExactly("NVDA");
    }

    @Test
    void nothingIsSealedNothingNeedsResealingAndNoKeyIsRecognised() {
        assertThat(none.isSealed("anything")).isFalse();
        assertThat(none.keyIdOf("anything")).isEmpty();
        assertThat(none.needsResealing("anything")).isFalse();
        assertThat(none.keyChecks()).isEmpty();
        // a store sealed under a key, started without one, is caught by its recorded check
        assertThat(none.recognises(new KeyCheck("k1a2b3c4d", "00ff"))).isFalse();
    }

    @Test
    void associatedDataNamesItsPlaceAndNeedsAllOfIt() {
        assertThat(WHERE.describe()).isEqualTo("memories.content of row m-1 (profile pm-alice)");
        assertThatThrownBy(() -> new AssociatedData("memories", "content", " ", "pm-alice"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rowId");
        assertThatThrownBy(() -> new AssociatedData("", "content", "m-1", "pm-alice"))
                .hasMessageContaining("table");
        assertThatThrownBy(() -> new AssociatedData("memories", "content", "m-1", null))
                .isInstanceOf(NullPointerException.class);
    }
}
