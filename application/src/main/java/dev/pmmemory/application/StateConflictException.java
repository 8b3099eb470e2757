package dev.pmmemory.application;

/** A state change that does not apply to the thing as it is (confirming a memory that is not pending). */
public final class StateConflictException extends RuntimeException {
    public StateConflictException(String message) {
        super(message);
    }
}
