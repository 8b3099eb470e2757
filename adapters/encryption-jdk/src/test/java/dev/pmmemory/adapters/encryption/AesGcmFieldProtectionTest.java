package dev.pmmemory.adapters.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pmmemory.application.UnreadableFieldException;
import dev.pmmemory.application.port.out.AssociatedData;
import dev.pmmemory.application.port.out.KeyCheck;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AesGcmFieldProtectionTest {
    private static final AssociatedData CONTENT = new AssociatedData("memories", "content", "m-1", "pm-alice");

    private final AesGcmFieldProtection protection = new AesGcmFieldProtection(TestKeys.single(7));

    @Test
    void opensWhatItSealed() {
        for (String text : new String[] {"Trim NVDA into earnings", "宁德时代的估值太高，先减仓一半", "", "emoji 📉 and tabs\t"}) {
            String sealed = protection.seal(text, CONTENT);
            assertThat(sealed).startsWith("enc1:");
            assertThat(protection.open(sealed, CONTENT)).isEqualTo(text);
        }
    }

    @Test
    void theStoredTextHoldsNoneOfThePlaintext() {
        String text = "宁德时代 overweight";
        String sealed = protection.seal(text, CONTENT);
        assertThat(sealed).doesNotContain("宁德时代").doesNotContain("overweight");
        byte[] raw = Base64.getUrlDecoder().decode(sealed.substring("enc1:".length()));
        assertThat(new String(raw, StandardCharsets.ISO_8859_1))
                .doesNotContain(new String("overweight".getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1));
    }

    @Test
    void sealingTheSameTextTwiceGivesDifferentValues() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            seen.add(protection.seal("same text", CONTENT));
        }
        assertThat(seen).hasSize(50);
    }

    @Test
    void nullStaysNull() {
        assertThat(protection.seal(null, CONTENT)).isNull();
        assertThat(protection.open(null, CONTENT)).isNull();
        assertThat(protection.needsResealing(null)).isFalse();
    }

    @Test
    void aTamperedValueFailsNamingTheRow() {
        String sealed = protection.seal("buy the dip", CONTENT);
        byte[] raw = Base64.getUrlDecoder().decode(sealed.substring(5));
        for (int position : new int[] {raw.length - 1, raw.length - 20, 2 + raw[1] + 12}) {
            byte[] altered = raw.clone();
            altered[position] ^= 0x01;
            String tampered = "enc1:" + Base64.getUrlEncoder().withoutPadding().encodeToString(altered);
            assertThatThrownBy(() -> protection.open(tampered, CONTENT))
                    .isInstanceOf(UnreadableFieldException.class)
                    .hasMessageContaining("memories.content of row m-1 (profile pm-alice)")
                    .hasMessageContaining("fails authentication")
                    .hasMessageNotContaining("buy the dip");
        }
    }

    @Test
    void aTruncatedOrGarbledValueIsReportedAsMalformed() {
        String sealed = protection.seal("buy the dip", CONTENT);
        for (String bad : new String[] {sealed.substring(0, 20), "enc1:", "enc1:!!!not base64!!!"}) {
            assertThatThrownBy(() -> protection.open(bad, CONTENT))
                    .isInstanceOf(UnreadableFieldException.class)
                    .hasMessageContaining("malformed");
        }
    }

    @Test
    void aPlainValueIsRefusedWhileEncryptionIsOn() {
        assertThatThrownBy(() -> protection.open("plain text injected into the file", CONTENT))
                .isInstanceOf(UnreadableFieldException.class)
                .hasMessageContaining("not sealed");
    }

    @Test
    void aValueCopiedToAnotherRowColumnTableOrProfileFailsToOpen() {
        String sealed = protection.seal("sell half", CONTENT);
        for (AssociatedData elsewhere : new AssociatedData[] {
                new AssociatedData("memories", "content", "m-2", "pm-alice"),
                new AssociatedData("memories", "content", "m-1", "pm-bob"),
                new AssociatedData("memories", "summary", "m-1", "pm-alice"),
                new AssociatedData("facts", "content", "m-1", "pm-alice")}) {
            assertThatThrownBy(() -> protection.open(sealed, elsewhere))
                    .isInstanceOf(UnreadableFieldException.class)
                    .hasMessageContaining(elsewhere.describe())
                    .satisfies(e -> assertThat(((UnreadableFieldException) e).where()).isEqualTo(elsewhere.describe()));
        }
    }

    @Test
    void placesThatWouldConcatenateAlikeStayDistinct() {
        AssociatedData one = new AssociatedData("memories", "content", "ab", "c");
        AssociatedData other = new AssociatedData("memories", "content", "a", "bc");
        String sealed = protection.seal("x", one);
        assertThatThrownBy(() -> protection.open(sealed, other)).isInstanceOf(UnreadableFieldException.class);
    }

    @Test
    void anotherKeyUnderTheSameIdFailsAuthentication() {
        Keyset other = Keyset.parse("primary main\nmain " + TestKeys.base64(9) + "\n");
        Keyset mine = Keyset.parse("primary main\nmain " + TestKeys.base64(7) + "\n");
        String sealed = new AesGcmFieldProtection(mine).seal("hold", CONTENT);
        assertThatThrownBy(() -> new AesGcmFieldProtection(other).open(sealed, CONTENT))
                .isInstanceOf(UnreadableFieldException.class)
                .hasMessageContaining("fails authentication");
    }

    @Test
    void aValueUnderAKeyNotConfiguredNamesThatKey() {
        String sealed = protection.seal("hold", CONTENT);
        AesGcmFieldProtection stranger = new AesGcmFieldProtection(TestKeys.single(9));
        assertThatThrownBy(() -> stranger.open(sealed, CONTENT))
                .isInstanceOf(UnreadableFieldException.class)
                .hasMessageContaining("sealed under key '" + protection.keyIdOf(sealed).orElseThrow() + "'")
                .hasMessageContaining("not configured");
    }

    @Test
    void aRelabelledKeyIdFailsAuthentication() {
        Keyset both = Keyset.parse("primary new\nnew " + TestKeys.base64(2) + "\nold " + TestKeys.base64(1) + "\n");
        AesGcmFieldProtection rotated = new AesGcmFieldProtection(both);
        String sealed = rotated.seal("hold", CONTENT);
        byte[] raw = Base64.getUrlDecoder().decode(sealed.substring(5));
        byte[] relabelled = new byte[raw.length];
        System.arraycopy(raw, 0, relabelled, 0, raw.length);
        relabelled[2] = 'o';
        relabelled[3] = 'l';
        relabelled[4] = 'd';
        String moved = "enc1:" + Base64.getUrlEncoder().withoutPadding().encodeToString(relabelled);
        assertThat(rotated.keyIdOf(moved)).contains("old");
        assertThatThrownBy(() -> rotated.open(moved, CONTENT)).isInstanceOf(UnreadableFieldException.class);
    }

    @Test
    void rotationOpensOldValuesAndSealsNewOnesUnderTheNewPrimary() {
        String oldBase64 = TestKeys.base64(1);
        AesGcmFieldProtection before = new AesGcmFieldProtection(Keyset.parse("primary old\nold " + oldBase64));
        String oldValue = before.seal("written before the rotation", CONTENT);

        AesGcmFieldProtection after = new AesGcmFieldProtection(
                Keyset.parse("primary new\nnew " + TestKeys.base64(2) + "\nold " + oldBase64));
        assertThat(after.open(oldValue, CONTENT)).isEqualTo("written before the rotation");
        assertThat(after.keyIdOf(oldValue)).contains("old");
        assertThat(after.needsResealing(oldValue)).isTrue();

        String resealed = after.seal(after.open(oldValue, CONTENT), CONTENT);
        assertThat(after.keyIdOf(resealed)).contains("new");
        assertThat(after.needsResealing(resealed)).isFalse();
        assertThat(after.open(resealed, CONTENT)).isEqualTo("written before the rotation");

        // once the old key is retired, only values still under it fail
        AesGcmFieldProtection retired = new AesGcmFieldProtection(Keyset.parse("primary new\nnew " + TestKeys.base64(2)));
        assertThat(retired.open(resealed, CONTENT)).isEqualTo("written before the rotation");
        assertThatThrownBy(() -> retired.open(oldValue, CONTENT)).hasMessageContaining("'old', which is not configured");
    }

    @Test
    void plainOrUnreadableValuesNeedResealing() {
        assertThat(protection.needsResealing("legacy plain text")).isTrue();
        assertThat(protection.needsResealing("enc1:garbage")).isTrue();
        assertThat(protection.needsResealing(protection.seal("x", CONTENT))).isFalse();
        assertThat(protection.isSealed("legacy plain text")).isFalse();
        assertThat(protection.isSealed(protection.seal("x", CONTENT))).isTrue();
        assertThat(protection.keyIdOf("legacy plain text")).isEmpty();
    }

    @Test
    void theSingleKeysIdIsDerivedFromTheKeyAndStable() {
        String sealed = protection.seal("x", CONTENT);
        String id = protection.keyIdOf(sealed).orElseThrow();
        assertThat(id).matches("k[0-9a-f]{8}");
        assertThat(TestKeys.single(7).primaryId()).isEqualTo(id);
        assertThat(TestKeys.single(8).primaryId()).isNotEqualTo(id);
    }

    @Test
    void blindIndexesAreEqualForEqualTermsAndDependOnTheKey() {
        String index = protection.blindIndex("宁德时代");
        assertThat(protection.blindIndex("宁德时代")).isEqualTo(index);
        assertThat(new AesGcmFieldProtection(TestKeys.single(7)).blindIndex("宁德时代")).isEqualTo(index);
        assertThat(protection.blindIndex("比亚迪")).isNotEqualTo(index);
        assertThat(protection.blindIndex("NVDA")).isNotEqualTo(protection.blindIndex("nvda"));
        assertThat(new AesGcmFieldProtection(TestKeys.single(8)).blindIndex("宁德时代")).isNotEqualTo(index);
        assertThat(index).doesNotContain("宁德时代").matches("[A-Za-z0-9_-]{43}");
    }

    @Test
    void theBlindIndexKeyIsNotTheSealingKeyNorTheMasterKey() throws Exception {
        byte[] master = Base64.getDecoder().decode(TestKeys.base64(7));
        javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
        mac.init(new javax.crypto.spec.SecretKeySpec(master, "HmacSHA256"));
        String underMaster = Base64.getUrlEncoder().withoutPadding()
                .encodeToString(mac.doFinal("NVDA".getBytes(StandardCharsets.UTF_8)));
        assertThat(protection.blindIndex("NVDA")).isNotEqualTo(underMaster);

        DerivedKeys derived = DerivedKeys.of("k", new KeyBytes(master));
        assertThat(derived.indexing().getEncoded()).isNotEqualTo(derived.sealing().getEncoded());
        assertThat(derived.sealing().getEncoded()).isNotEqualTo(master);
    }

    @Test
    void aLookupDuringARotationTriesThePrimaryThenTheOlderKeys() {
        String oldBase64 = TestKeys.base64(1);
        AesGcmFieldProtection before = new AesGcmFieldProtection(Keyset.parse("primary old\nold " + oldBase64));
        AesGcmFieldProtection after = new AesGcmFieldProtection(
                Keyset.parse("primary new\nold " + oldBase64 + "\nnew " + TestKeys.base64(2)));
        assertThat(after.blindIndexCandidates("NVDA"))
                .containsExactly(after.blindIndex("NVDA"), before.blindIndex("NVDA"));
        assertThat(after.blindIndex("NVDA")).isNotEqualTo(before.blindIndex("NVDA"));
    }

    @Test
    void keyChecksTellTheRightKeyFromAWrongOne() {
        KeyCheck recorded = protection.keyChecks().get(0);
        assertThat(recorded.keyId()).isEqualTo(TestKeys.single(7).primaryId());
        assertThat(recorded.value()).matches("[0-9a-f]{32}");
        assertThat(new AesGcmFieldProtection(TestKeys.single(7)).recognises(recorded)).isTrue();
        assertThat(new AesGcmFieldProtection(TestKeys.single(9)).recognises(recorded)).isFalse();

        // a keyset that reuses the id for another key is caught too
        AesGcmFieldProtection sameIdOtherKey = new AesGcmFieldProtection(
                Keyset.parse("primary " + recorded.keyId() + "\n" + recorded.keyId() + " " + TestKeys.base64(9)));
        assertThat(sameIdOtherKey.recognises(recorded)).isFalse();

        // after a rotation the old key's check is still recognised, the primary's comes first
        AesGcmFieldProtection rotated = new AesGcmFieldProtection(Keyset.parse(
                "primary new\nnew " + TestKeys.base64(2) + "\n" + recorded.keyId() + " " + TestKeys.base64(7)));
        assertThat(rotated.recognises(recorded)).isTrue();
        assertThat(rotated.keyChecks()).extracting(KeyCheck::keyId).containsExactly("new", recorded.keyId());
        assertThat(recorded.value()).doesNotContain(TestKeys.base64(7));
    }
}
