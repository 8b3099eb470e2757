package dev.pmmemory.domain.fact;

import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import java.util.Objects;

/**
 * One version of a structured fact about the PM (rules.md §8): ground truth such as
 * {@code focus_stage = "early"}, valid from {@code validFrom} until {@code validUntil} (exclusive;
 * null while it is the current version). Versions are never rewritten: a new value closes the
 * previous version and links to it through {@code supersedes}. Facts have no TTL.
 *
 * @param value      the value as canonical JSON text ({@link FactValue}), already redacted
 * @param confidence in [0, 1]
 * @param supersedes the id of the version this one follows, or null for the first
 * @param recordedAt when the service stored this version
 * @param recordedBy who stored it: an API key's name, or {@code local}
 */
public record Fact(String id, String profileId, String attribute, String value, double confidence, Source source,
                   Instant validFrom, Instant validUntil, String supersedes, Instant recordedAt, String recordedBy) {

    public Fact {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(profileId, "profileId");
        Objects.requireNonNull(attribute, "attribute");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(validFrom, "validFrom");
        Objects.requireNonNull(recordedAt, "recordedAt");
        Objects.requireNonNull(recordedBy, "recordedBy");
        if (!(confidence >= 0.0 && confidence <= 1.0)) { // also refuses NaN
            throw new IllegalArgumentException("confidence must be in [0, 1]: " + confidence);
        }
        if (validUntil != null && validUntil.isBefore(validFrom)) {
            throw new IllegalArgumentException("valid_until " + validUntil + " is before valid_from " + validFrom);
        }
    }

    /** The current version of its attribute: nothing closed it yet. */
    public boolean isOpen() {
        return validUntil == null;
    }

    /** Valid at {@code t}: validFrom ≤ t < validUntil. */
    public boolean isValidAt(Instant t) {
        return !validFrom.isAfter(t) && (validUntil == null || t.isBefore(validUntil));
    }

    /** This version, closed at {@code at}. */
    public Fact closedAt(Instant at) {
        return new Fact(id, profileId, attribute, value, confidence, source, validFrom, at, supersedes, recordedAt,
                recordedBy);
    }
}
