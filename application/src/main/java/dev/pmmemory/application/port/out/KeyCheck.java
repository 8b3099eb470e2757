package dev.pmmemory.application.port.out;

/**
 * A key's id and a value derived from the key that reveals nothing of it: what a store records so a later start
 * can tell a wrong key from the right one before it serves a single row.
 */
public record KeyCheck(String keyId, String value) {
    public KeyCheck {
        if (keyId == null || keyId.isBlank() || value == null || value.isBlank()) {
            throw new IllegalArgumentException("a key check needs a key id and a value");
        }
    }
}
