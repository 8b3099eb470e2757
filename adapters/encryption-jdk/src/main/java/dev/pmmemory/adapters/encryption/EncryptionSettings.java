package dev.pmmemory.adapters.encryption;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The keys a deployment configured, if any: {@code memory.encryption.key} or {@code memory.encryption.keyset}, not both. */
public final class EncryptionSettings {
    private EncryptionSettings() {
    }

    /** Empty when neither setting is given: the deployment stores text as it is. */
    public static Optional<Keyset> keyset(Optional<String> key, Optional<Path> keysetFile) {
        Optional<String> givenKey = key.filter(k -> !k.isBlank());
        if (givenKey.isPresent() && keysetFile.isPresent()) {
            throw new EncryptionSettingsException(Keyset.KEY_SETTING + " and " + Keyset.KEYSET_SETTING
                    + " are both set; set one (a keyset file can hold the single key too)");
        }
        if (givenKey.isPresent()) {
            return Optional.of(Keyset.ofSingleKey(givenKey.get()));
        }
        if (keysetFile.isPresent()) {
            return Optional.of(Keyset.parse(read(keysetFile.get())));
        }
        return Optional.empty();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new EncryptionSettingsException(
                    Keyset.KEYSET_SETTING + ": cannot read " + file + " (" + e.getClass().getSimpleName() + ")", e);
        }
    }
}
