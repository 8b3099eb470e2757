package dev.pmmemory.application;

/** The addressed thing does not exist for this profile. */
public final class NotFoundException extends RuntimeException {
    public NotFoundException(String message) {
        super(message);
    }
}
