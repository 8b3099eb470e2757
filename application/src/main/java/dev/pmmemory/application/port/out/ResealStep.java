package dev.pmmemory.application.port.out;

/**
 * One step of re-encryption over a table: the rows rewritten, and the last id looked at (null once the table's
 * rows of the profile are all looked at).
 */
public record ResealStep(int resealed, String lastId) {
    public ResealStep {
        if (resealed < 0) {
            throw new IllegalArgumentException("resealed must not be negative");
        }
    }

    public boolean done() {
        return lastId == null;
    }
}
