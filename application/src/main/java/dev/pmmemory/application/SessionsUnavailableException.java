package dev.pmmemory.application;

/** The session store (Redis) cannot be reached right now; the caller may retry later. Memories are unaffected. */
public final class SessionsUnavailableException extends RuntimeException {
    public SessionsUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
