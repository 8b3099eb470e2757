package dev.pmmemory.adapters.encryption;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HKDF-SHA256 (RFC 5869): independent sub-keys from one master key, one per purpose named by {@code info}. */
final class Hkdf {
    private static final String HMAC = "HmacSHA256";
    private static final int HASH_LENGTH = 32;

    private Hkdf() {
    }

    static byte[] derive(byte[] inputKey, byte[] salt, String info, int length) {
        return derive(inputKey, salt, info.getBytes(StandardCharsets.UTF_8), length);
    }

    static byte[] derive(byte[] inputKey, byte[] salt, byte[] infoBytes, int length) {
        if (length <= 0 || length > 255 * HASH_LENGTH) {
            throw new IllegalArgumentException("HKDF output length out of range: " + length);
        }
        byte[] prk = hmac(salt.length == 0 ? new byte[HASH_LENGTH] : salt, inputKey);
        try {
            ByteArrayOutputStream okm = new ByteArrayOutputStream(length + HASH_LENGTH);
            byte[] previous = new byte[0];
            for (int counter = 1; okm.size() < length; counter++) {
                byte[] block = new byte[previous.length + infoBytes.length + 1];
                System.arraycopy(previous, 0, block, 0, previous.length);
                System.arraycopy(infoBytes, 0, block, previous.length, infoBytes.length);
                block[block.length - 1] = (byte) counter;
                previous = hmac(prk, block);
                okm.write(previous, 0, previous.length);
            }
            return Arrays.copyOf(okm.toByteArray(), length);
        } finally {
            Arrays.fill(prk, (byte) 0);
        }
    }

    static byte[] hmac(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK offers no " + HMAC, e);
        }
    }
}
