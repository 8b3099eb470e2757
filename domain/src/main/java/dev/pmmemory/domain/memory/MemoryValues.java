package dev.pmmemory.domain.memory;

import dev.pmmemory.domain.formula.Bindings;
import dev.pmmemory.domain.formula.Column;
import dev.pmmemory.domain.formula.Parameter;
import dev.pmmemory.domain.formula.Values;
import java.time.Instant;

/** A memory's columns as the domain's rules read them ({@link Visibility}); times in epoch ms. */
public record MemoryValues(Memory memory, Bindings bindings) implements Values {

    @Override
    public boolean has(Column column) {
        return switch (column) {
            case VALID_FROM -> memory.validFrom() != null;
            case VALID_UNTIL -> memory.validUntil() != null;
            case EXPIRES_AT -> memory.expiresAt() != null;
            case TYPE, STATUS, WEIGHT, LAST_SEEN_AT, TERM_COUNT -> true;
            default -> false;
        };
    }

    @Override
    public double number(Column column) {
        return switch (column) {
            case VALID_FROM -> millis(memory.validFrom());
            case VALID_UNTIL -> millis(memory.validUntil());
            case EXPIRES_AT -> millis(memory.expiresAt());
            case WEIGHT -> memory.weight();
            case LAST_SEEN_AT -> millis(memory.lastSeenAt());
            case TERM_COUNT -> memory.keywords().stream().distinct().count();
            default -> throw new IllegalArgumentException("a memory has no number " + column);
        };
    }

    @Override
    public String text(Column column) {
        return switch (column) {
            case TYPE -> memory.type().wireName();
            case STATUS -> memory.status().wireName();
            default -> null;
        };
    }

    @Override
    public double parameter(Parameter parameter) {
        return bindings.get(parameter);
    }

    private static double millis(Instant t) {
        return t.toEpochMilli();
    }
}
