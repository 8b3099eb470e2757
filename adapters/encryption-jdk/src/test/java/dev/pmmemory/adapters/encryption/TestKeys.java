package dev.pmmemory.adapters.encryption;

import java.util.Base64;

/** Fixed keys for tests: 32 bytes of one repeated value. */
final class TestKeys {
    private TestKeys() {
    }

    static String base64(int fill) {
        byte[] key = new byte[KeyBytes.LENGTH];
        java.util.Arrays.fill(key, (byte) fill);
        return Base64.getEncoder().encodeToString(key);
    }

    static Keyset single(int fill) {
        return Keyset.ofSingleKey(base64(fill));
    }
}
