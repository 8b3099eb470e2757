package dev.pmmemory.adapters.encryption;

import dev.pmmemory.application.port.out.KeyCheck;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * What one master key is used as, each derived by HKDF-SHA256 under its own label: the AES key that seals, the
 * HMAC key of blind indexes (so an index never reveals anything about the sealing key), and the check value.
 */
record DerivedKeys(String keyId, SecretKey sealing, SecretKey indexing, KeyCheck check) {
    private static final byte[] SALT = "pm-memory".getBytes(StandardCharsets.US_ASCII);
    private static final int CHECK_LENGTH = 16;

    static DerivedKeys of(String keyId, KeyBytes key) {
        byte[] master = key.copy();
        try {
            byte[] sealing = Hkdf.derive(master, SALT, "pm-memory/aes-gcm/v1", 32);
            byte[] indexing = Hkdf.derive(master, SALT, "pm-memory/blind-index/v1", 32);
            return new DerivedKeys(keyId,
                    new SecretKeySpec(sealing, "AES"),
                    new SecretKeySpec(indexing, "HmacSHA256"),
                    new KeyCheck(keyId, checkValue(key)));
        } finally {
            Arrays.fill(master, (byte) 0);
        }
    }

    /** A keyed value of a fixed label: equal only for the same key, and useless for finding the key. */
    static String checkValue(KeyBytes key) {
        byte[] master = key.copy();
        try {
            return HexFormat.of().formatHex(Hkdf.derive(master, SALT, "pm-memory/key-check/v1", CHECK_LENGTH));
        } finally {
            Arrays.fill(master, (byte) 0);
        }
    }
}
