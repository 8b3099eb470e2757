package dev.pmmemory.adapters.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeysetTest {
    private static final String SECRETISH = TestKeys.base64(5);

    @Test
    void aKeysetFileListsThePrimaryFirstThenItsKeys() {
        Keyset keyset = Keyset.parse("""
                # rotated 2026-12
                primary k2

                k1 %s
                k2 %s
                """.formatted(TestKeys.base64(1), TestKeys.base64(2)));
        assertThat(keyset.primaryId()).isEqualTo("k2");
        assertThat(keyset.keys().keySet()).containsExactly("k2", "k1");
        assertThat(keyset.primary()).isEqualTo(new KeyBytes(Base64.getDecoder().decode(TestKeys.base64(2))));
    }

    @Test
    void keyBytesNeverShowInText() {
        Keyset keyset = Keyset.ofSingleKey(SECRETISH);
        assertThat(keyset.toString()).doesNotContain(SECRETISH).contains("redacted");
    }

    @Test
    void aKeyOfTheWrongLengthNamesTheSettingAndTheLength() {
        String shortKey = Base64.getEncoder().encodeToString(new byte[16]);
        assertThatThrownBy(() -> Keyset.ofSingleKey(shortKey))
                .isInstanceOf(EncryptionSettingsException.class)
                .hasMessageContaining("memory.encryption.key")
                .hasMessageContaining("32 bytes")
                .hasMessageContaining("decodes to 16 bytes")
                .hasMessageNotContaining(shortKey);
        assertThatThrownBy(() -> Keyset.parse("primary a\na " + shortKey))
                .hasMessageContaining("memory.encryption.keyset line 2")
                .hasMessageContaining("decodes to 16 bytes");
    }

    @Test
    void badBase64IsReportedWithoutEchoingIt() {
        String typo = SECRETISH.substring(0, 10) + "*" + SECRETISH.substring(11);
        assertThatThrownBy(() -> Keyset.ofSingleKey(typo))
                .isInstanceOf(EncryptionSettingsException.class)
                .hasMessage("memory.encryption.key: the key is not valid base64");
        assertThatThrownBy(() -> Keyset.parse("primary a\n\na " + typo))
                .hasMessage("memory.encryption.keyset line 3: the key is not valid base64");
        assertThatThrownBy(() -> Keyset.ofSingleKey("  "))
                .hasMessageContaining("memory.encryption.key: the key is empty");
    }

    @Test
    void anUnknownPrimaryIsRefused() {
        assertThatThrownBy(() -> Keyset.parse("primary k3\nk1 " + TestKeys.base64(1)))
                .isInstanceOf(EncryptionSettingsException.class)
                .hasMessage("memory.encryption.keyset: the primary key 'k3' is not among the keys listed");
    }

    @Test
    void aMissingPrimaryLineIsRefused() {
        assertThatThrownBy(() -> Keyset.parse("k1 " + TestKeys.base64(1)))
                .hasMessage("memory.encryption.keyset line 1: the first line must be 'primary ID'");
        assertThatThrownBy(() -> Keyset.parse("# nothing\n\n"))
                .hasMessage("memory.encryption.keyset: the file holds no 'primary ID' line");
    }

    @Test
    void aDuplicateIdIsRefused() {
        assertThatThrownBy(() -> Keyset.parse(
                "primary k1\nk1 " + TestKeys.base64(1) + "\nk1 " + TestKeys.base64(2)))
                .isInstanceOf(EncryptionSettingsException.class)
                .hasMessage("memory.encryption.keyset line 3: key id 'k1' appears twice");
    }

    @Test
    void theSameKeyUnderTwoIdsIsRefused() {
        assertThatThrownBy(() -> Keyset.parse(
                "primary k1\nk1 " + TestKeys.base64(1) + "\nk2 " + TestKeys.base64(1)))
                .hasMessage("memory.encryption.keyset line 3: key 'k2' is the same key as 'k1'");
    }

    @Test
    void malformedLinesAndIdsAreRefused() {
        assertThatThrownBy(() -> Keyset.parse("primary k1\nk1 " + TestKeys.base64(1) + " extra"))
                .hasMessageContaining("line 2: expected 'primary ID' or 'ID BASE64KEY'")
                .hasMessageNotContaining(TestKeys.base64(1));
        assertThatThrownBy(() -> Keyset.parse("primary k/1\nk/1 " + TestKeys.base64(1)))
                .hasMessageContaining("line 1: key id 'k/1' must match");
        assertThatThrownBy(() -> Keyset.parse("primary k1\nprimary " + TestKeys.base64(1)))
                .hasMessageContaining("line 2: key id 'primary'");
    }

    @Test
    void settingsGiveAKeysetFromEitherSettingButNotBoth(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("keys");
        Files.writeString(file, "primary k1\nk1 " + TestKeys.base64(1) + "\n");

        assertThat(EncryptionSettings.keyset(Optional.empty(), Optional.empty())).isEmpty();
        assertThat(EncryptionSettings.keyset(Optional.of(""), Optional.empty())).isEmpty();
        assertThat(EncryptionSettings.keyset(Optional.of(TestKeys.base64(1)), Optional.empty()))
                .hasValueSatisfying(k -> assertThat(k.primaryId()).startsWith("k").hasSize(9));
        assertThat(EncryptionSettings.keyset(Optional.empty(), Optional.of(file)))
                .hasValueSatisfying(k -> assertThat(k.primaryId()).isEqualTo("k1"));
        assertThatThrownBy(() -> EncryptionSettings.keyset(Optional.of(TestKeys.base64(1)), Optional.of(file)))
                .isInstanceOf(EncryptionSettingsException.class)
                .hasMessageContaining("memory.encryption.key and memory.encryption.keyset are both set");
        assertThatThrownBy(() -> EncryptionSettings.keyset(Optional.empty(), Optional.of(dir.resolve("missing"))))
                .isInstanceOf(EncryptionSettingsException.class)
                .hasMessageContaining("memory.encryption.keyset: cannot read");
    }

    @Test
    void aSingleKeyInAKeysetFileKeepsItsDerivedId() {
        Keyset single = Keyset.ofSingleKey(TestKeys.base64(4));
        String id = single.primaryId();
        Keyset file = Keyset.parse("primary " + id + "\n" + id + " " + TestKeys.base64(4));
        assertThat(new AesGcmFieldProtection(file).keyChecks()).isEqualTo(new AesGcmFieldProtection(single).keyChecks());
    }
}
