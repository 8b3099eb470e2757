package dev.pmmemory.application;

/** The store cannot be reached right now; the caller may retry later. */
public final class StoreUnavailableException extends RuntimeException {
    public StoreUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
