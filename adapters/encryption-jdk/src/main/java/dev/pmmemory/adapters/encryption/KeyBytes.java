package dev.pmmemory.adapters.encryption;

import java.security.MessageDigest;
import java.util.Arrays;

/**
 * A 256-bit master key. Not a record on purpose: its bytes never appear in toString, logs or error messages,
 * and callers get copies only.
 */
public final class KeyBytes {
    public static final int LENGTH = 32;

    private final byte[] bytes;

    KeyBytes(byte[] bytes) {
        if (bytes.length != LENGTH) {
            throw new IllegalArgumentException("a key has " + LENGTH + " bytes, not " + bytes.length);
        }
        this.bytes = bytes.clone();
    }

    byte[] copy() {
        return bytes.clone();
    }

    boolean sameAs(KeyBytes other) {
        return MessageDigest.isEqual(bytes, other.bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyBytes other && sameAs(other);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return "KeyBytes[redacted]";
    }
}
