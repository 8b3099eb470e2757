package dev.pmmemory.adapters.jdbc;

/**
 * The configured encryption keys do not fit the store: a key that does not open what it sealed, or no key for a
 * store that holds sealed values. Stops the start, so the service never serves garbled text or refuses row by row.
 */
public final class WrongKeyException extends IllegalStateException {
    public WrongKeyException(String message) {
        super(message);
    }
}
