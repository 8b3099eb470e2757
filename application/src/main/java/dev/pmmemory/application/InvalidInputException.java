package dev.pmmemory.application;

import java.util.List;

/** Input that cannot become a command. Names every bad field, so the caller can fix all at once. */
public final class InvalidInputException extends RuntimeException {
    private final List<FieldError> errors;

    public InvalidInputException(List<FieldError> errors) {
        super(errors.isEmpty() ? "invalid input" : errors.get(0).field() + ": " + errors.get(0).message());
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("an invalid input names at least one field");
        }
        this.errors = List.copyOf(errors);
    }

    public List<FieldError> errors() {
        return errors;
    }

    /** One bad field, named as on the wire (snake_case). */
    public record FieldError(String field, String message) {
    }
}
