package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import dev.pmmemory.domain.memory.MemoryType;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * The optional body of a confirm, {@code {"type": "…"}}: the type a person picks for a memory held because its
 * sign was uncertain. Whether the type is one of that memory's candidates is checked against the memory.
 *
 * @param type the type picked; empty when the memory is confirmed as it is
 */
public record ConfirmChoice(Optional<MemoryType> type) {

    /** @param body the request body, null or empty when the memory is confirmed as it is */
    public static ConfirmChoice of(Map<String, Object> body) {
        if (body == null || body.isEmpty()) {
            return new ConfirmChoice(Optional.empty());
        }
        Validation v = new Validation();
        body.keySet().stream().filter(k -> !k.equals("type")).sorted()
                .forEach(k -> v.fail(k, "is not a field of a confirm (only type)"));
        Object raw = body.get("type");
        Optional<MemoryType> type = raw instanceof String s ? MemoryType.fromWireName(s).filter(MemoryType::classifiable)
                : Optional.empty();
        if (raw != null && type.isEmpty()) {
            v.fail("type", "must be one of " + String.join(", ", Arrays.stream(MemoryType.values())
                    .filter(MemoryType::classifiable).map(MemoryType::wireName).toList()));
        }
        v.check();
        return new ConfirmChoice(type);
    }
}
