package dev.pmmemory.adapters.encryption;

/** Key material that cannot be used; the message names the setting (and line) at fault, never key bytes. */
public final class EncryptionSettingsException extends IllegalArgumentException {
    public EncryptionSettingsException(String message) {
        super(message);
    }

    public EncryptionSettingsException(String message, Throwable cause) {
        super(message, cause);
    }
}
