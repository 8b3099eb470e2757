package dev.pmmemory.adapters.rest.profiledata;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.ChangedFields;
import dev.pmmemory.application.port.in.RecordFactCommand;
import dev.pmmemory.domain.fact.FactValue;
import dev.pmmemory.domain.privacy.Redactor;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The values of an export document as stored: ids, text, instants, wire names, fact values. A bad value is
 * recorded in the {@link Validation} with its path and reads as null.
 */
final class DocumentValues {
    private final Validation v;
    // redacting a value twice changes nothing, so a value exported by this service reads back as it
    // was; a hand-edited one gets no unredacted secret into the store
    private final Redactor redactor = new Redactor();

    DocumentValues(Validation v) {
        this.v = v;
    }

    /** A fact's value: any JSON value a PUT accepts, stored as its canonical (redacted) text. */
    String factValue(String field, Object value) {
        String problem = RecordFactCommand.valueProblem(value);
        if (problem != null) {
            v.fail(field, problem);
            return null;
        }
        String json = FactValue.canonical(value, redactor).json();
        if (json.length() > RecordFactCommand.MAX_VALUE_CHARS) {
            v.fail(field, "must be at most " + RecordFactCommand.MAX_VALUE_CHARS + " characters as JSON");
            return null;
        }
        return json;
    }

    Double unitInterval(String field, Double value) {
        if (value != null && value >= 0.0 && value <= 1.0) {
            return value;
        }
        v.fail(field, "must be a number from 0 to 1");
        return null;
    }

    /** Who did something: an API key's name, or local. */
    String actor(String field, String value) {
        if (value != null && !value.isBlank() && value.length() <= 128 && isPlainLine(value)) {
            return value;
        }
        v.fail(field, "must be 1 to 128 characters");
        return null;
    }

    private String required(String field, String value, boolean required) {
        if (value == null && required) {
            v.fail(field, "is required");
        }
        return value;
    }

    /** An id as the service hands them out; {@code required} false: null allowed. */
    String id(String field, String value, boolean required) {
        String s = required(field, value, required);
        return s == null ? null : v.optionalOpaqueId(field, s);
    }

    /** Stored text: not blank, well-formed, no control characters but line breaks and tabs. */
    String text(String field, String value) {
        String s = required(field, value, true);
        return s == null ? null : v.text(field, s, Integer.MAX_VALUE);
    }

    Instant instant(String field, String value, boolean required) {
        String s = required(field, value, required);
        return s == null ? null : v.optionalInstant(field, s);
    }

    /** A list of ids. */
    List<String> ids(String field, List<String> value) {
        return list(field, value, s -> v.optionalOpaqueId(field, s) != null);
    }

    /** A list of names (entities, keywords, redaction kinds): single-line text. */
    List<String> names(String field, List<String> value) {
        return list(field, value, s -> !s.isEmpty() && isPlainLine(s) && Validation.isWellFormedUnicode(s));
    }

    private List<String> list(String field, List<String> value, Predicate<String> valid) {
        if (value == null) {
            v.fail(field, "must be an array of strings (empty when there is none)");
            return null;
        }
        for (int i = 0; i < value.size(); i++) {
            if (value.get(i) == null || !valid.test(value.get(i))) {
                v.fail(field + "[" + i + "]", "must be a non-empty string without control characters");
                return null;
            }
        }
        return value;
    }

    /** One of an enum's constants, by its wire name. */
    <E> E wireEnum(String field, String value, E[] all, Function<E, String> wireName) {
        Optional<E> parsed = Arrays.stream(all).filter(e -> wireName.apply(e).equals(value)).findFirst();
        if (parsed.isEmpty()) {
            v.fail(field, "must be one of " + Arrays.stream(all).map(wireName).collect(Collectors.joining(", ")));
            return null;
        }
        return parsed.get();
    }

    /**
     * An audit event's before / after: null, or a flat object of strings and nulls (what the
     * service records), written back exactly as the service writes it. Empty: absent (null);
     * null: invalid.
     */
    Optional<String> changedFields(String field, Map<String, Object> value) {
        if (value == null) {
            return Optional.empty();
        }
        ChangedFields fields = new ChangedFields();
        for (Map.Entry<String, Object> e : value.entrySet()) {
            if (e.getValue() == null || e.getValue() instanceof String) {
                fields = fields.put(e.getKey(), (String) e.getValue());
            } else {
                v.fail(field + "." + e.getKey(), "must be a string or null");
                return null;
            }
        }
        return Optional.of(fields.json());
    }

    static boolean isPlainLine(String s) {
        return s.chars().noneMatch(Character::isISOControl);
    }
}
