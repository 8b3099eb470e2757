package dev.pmmemory.application;

/** A state change that does not apply to the thing as it is (confirming a memory that is not pending). */
public final class StateConflictException extends RuntimeException {
    private final String field;

    public StateConflictException(String message) {
        this(message, null);
    }

    /** A conflict caused by one field of the input, named as on the wire ({@code memories[3].id}). */
    public StateConflictException(String message, String field) {
        super(message);
        this.field = field;
    }

    /** The field of the input in conflict, or null when the conflict is not about one field. */
    public String field() {
        return field;
    }
}
