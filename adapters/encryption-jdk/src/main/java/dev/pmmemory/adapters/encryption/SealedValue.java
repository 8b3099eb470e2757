package dev.pmmemory.adapters.encryption;

import dev.pmmemory.application.port.out.FieldProtection;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;

/**
 * One sealed value: {@code enc1:} and, in unpadded base64url, a version byte, the key id (a length byte and
 * its ASCII), the 96-bit nonce, then the ciphertext with its 128-bit GCM tag. The header (version and key id)
 * is authenticated too, so a value cannot be relabelled to another key.
 */
record SealedValue(String keyId, byte[] nonce, byte[] ciphertext) {
    static final byte VERSION = 1;
    static final int NONCE_LENGTH = 12;
    static final int TAG_LENGTH = 16;

    static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();
    static final Base64.Decoder DECODER = Base64.getUrlDecoder();

    /** The authenticated header: version and key id. */
    byte[] header() {
        return header(keyId);
    }

    static byte[] header(String keyId) {
        byte[] id = keyId.getBytes(StandardCharsets.US_ASCII);
        byte[] header = new byte[2 + id.length];
        header[0] = VERSION;
        header[1] = (byte) id.length;
        System.arraycopy(id, 0, header, 2, id.length);
        return header;
    }

    String format() {
        byte[] header = header();
        byte[] all = new byte[header.length + nonce.length + ciphertext.length];
        System.arraycopy(header, 0, all, 0, header.length);
        System.arraycopy(nonce, 0, all, header.length, nonce.length);
        System.arraycopy(ciphertext, 0, all, header.length + nonce.length, ciphertext.length);
        return FieldProtection.SEALED_PREFIX + ENCODER.encodeToString(all);
    }

    /** Empty when {@code stored} is not a well-formed sealed value of this version. */
    static Optional<SealedValue> parse(String stored) {
        if (stored == null || !stored.startsWith(FieldProtection.SEALED_PREFIX)) {
            return Optional.empty();
        }
        byte[] all;
        try {
            all = DECODER.decode(stored.substring(FieldProtection.SEALED_PREFIX.length()));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (all.length < 2 || all[0] != VERSION) {
            return Optional.empty();
        }
        int idLength = all[1] & 0xff;
        int bodyStart = 2 + idLength + NONCE_LENGTH;
        if (idLength == 0 || all.length < bodyStart + TAG_LENGTH) {
            return Optional.empty();
        }
        String keyId = new String(all, 2, idLength, StandardCharsets.US_ASCII);
        if (!Keyset.isKeyId(keyId)) {
            return Optional.empty();
        }
        return Optional.of(new SealedValue(keyId,
                Arrays.copyOfRange(all, 2 + idLength, bodyStart),
                Arrays.copyOfRange(all, bodyStart, all.length)));
    }
}
