package dev.pmmemory.adapters.encryption;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class HkdfTest {
    /** RFC 5869, appendix A.1. */
    @Test
    void matchesTheRfcTestVector() {
        HexFormat hex = HexFormat.of();
        byte[] ikm = hex.parseHex("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b");
        byte[] salt = hex.parseHex("000102030405060708090a0b0c");
        byte[] okm = Hkdf.derive(ikm, salt, hex.parseHex("f0f1f2f3f4f5f6f7f8f9"), 42);
        assertThat(hex.formatHex(okm)).isEqualTo("3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf"
                + "34007208d5b887185865");
    }
}
