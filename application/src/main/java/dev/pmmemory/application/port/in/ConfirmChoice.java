package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;

/**
 * The type a person picks for a memory held because its sign was uncertain. Whether the type is one of that
 * memory's candidates is checked against the memory.
 *
 * @param type the type picked, one a memory can be classified as; empty when the memory is confirmed as it is
 */
public record ConfirmChoice(Optional<MemoryType> type) {

    public ConfirmChoice {
        Objects.requireNonNull(type, "type");
        if (type.isPresent() && !type.get().classifiable()) {
            Validation v = new Validation();
            v.fail("type", mustBeClassifiable());
            v.check();
        }
    }

    /** @param wireName the type's wire name, null when the memory is confirmed as it is */
    public static ConfirmChoice named(String wireName) {
        if (wireName == null) {
            return new ConfirmChoice(Optional.empty());
        }
        Optional<MemoryType> type = MemoryType.fromWireName(wireName).filter(MemoryType::classifiable);
        if (type.isEmpty()) {
            Validation v = new Validation();
            v.fail("type", mustBeClassifiable());
            v.check();
        }
        return new ConfirmChoice(type);
    }

    private static String mustBeClassifiable() {
        return "must be one of " + String.join(", ", Arrays.stream(MemoryType.values())
                .filter(MemoryType::classifiable).map(MemoryType::wireName).toList());
    }
}
