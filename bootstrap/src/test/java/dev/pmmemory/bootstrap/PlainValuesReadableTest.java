package dev.pmmemory.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.UnreadableFieldException;
import dev.pmmemory.application.port.out.AssociatedData;
import dev.pmmemory.application.service.PlainValuesReadable;
import org.junit.jupiter.api.Test;

/** The protection while encryption is turned on over plain data, before and after the plain values are sealed. */
class PlainValuesReadableTest {
    private static final AssociatedData WHERE = new AssociatedData("memories", "content", "m1", "pm-zhang");

    private final PlainValuesReadable readable = new PlainValuesReadable(EncryptedStoreContract.PROTECTION);

    @Test
    void aPlainValueIsServedAndLookupsAlsoTryTheTermAsStoredPlainUntilThePlainValuesAreSealed() {
        assertThat(readable.open("written before the key", WHERE)).isEqualTo("written before the key");
        assertThat(readable.blindIndexCandidates("quixotrel"))
                .containsExactly(EncryptedStoreContract.PROTECTION.blindIndex("quixotrel"), "quixotrel");
        assertThat(readable.lookupsTrySeveralIndexes()).isTrue();

        readable.plainValuesSealed();

        assertThatThrownBy(() -> readable.open("written before the key", WHERE))
                .isInstanceOf(UnreadableFieldException.class).hasMessageContaining("not sealed");
        assertThat(readable.blindIndexCandidates("quixotrel"))
                .containsExactly(EncryptedStoreContract.PROTECTION.blindIndex("quixotrel"));
        assertThat(readable.lookupsTrySeveralIndexes()).isFalse();
    }

    @Test
    void newValuesAreSealedAndASealedValueStillHasToOpen() {
        String sealed = readable.seal("Quixotrel 估值偏高", WHERE);

        assertThat(sealed).startsWith("enc1:").doesNotContain("Quixotrel");
        assertThat(readable.open(sealed, WHERE)).isEqualTo("Quixotrel 估值偏高");
        assertThatThrownBy(() -> readable.open(sealed, new AssociatedData("memories", "content", "m2", "pm-zhang")))
                .isInstanceOf(UnreadableFieldException.class);
    }
}
