package dev.pmmemory.adapters.rest.wire;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.RecordFactCommand;
import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import java.util.Map;
import java.util.TreeSet;

/**
 * The body of PUT …/facts/{attribute}, read as a JSON object: a fact's value is any JSON value, kept as plain
 * Java values (String, Number, Boolean, Map, List), and whether confidence was given decides its default.
 */
public final class FactBody {

    private FactBody() {
    }

    /** The fact the body records; every invalid field is named at once. */
    public static RecordFactCommand read(String profileId, String attribute, Map<String, ?> fields, String actor,
                                         String agent) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.attribute("attribute", attribute);
        if (fields == null) {
            v.fail("body", "must be a JSON object with a value");
            v.check();
        }
        for (String unknown : new TreeSet<>(fields.keySet())) {
            if (!RecordFactCommand.FIELDS.contains(unknown)) {
                v.fail(unknown, "is not a field of a fact; allowed: value, confidence, source, valid_from");
            }
        }
        Object value = fields.get("value");
        String valueProblem = RecordFactCommand.valueProblem(value);
        if (valueProblem != null) {
            v.fail("value", valueProblem);
        }
        Source source = Source.EXPLICIT;
        if (fields.containsKey("source")) {
            source = fields.get("source") instanceof String name ? Source.fromWireName(name).orElse(null) : null;
            if (source == null) {
                v.fail("source", "must be one of explicit, inferred, bot");
            }
        }
        double confidence = source == null ? 1.0 : source.confidence();
        if (fields.containsKey("confidence")) {
            if (fields.get("confidence") instanceof Number n && n.doubleValue() >= 0.0 && n.doubleValue() <= 1.0) {
                confidence = n.doubleValue();
            } else {
                v.fail("confidence", "must be a number from 0 to 1");
            }
        }
        Instant validFrom = null;
        if (fields.containsKey("valid_from")) {
            if (fields.get("valid_from") instanceof String s) {
                validFrom = v.optionalInstant("valid_from", s);
            } else {
                v.fail("valid_from", "must be an ISO-8601 date-time with an offset, e.g. 2026-05-09T10:00:00Z");
            }
        }
        v.check();
        return new RecordFactCommand(profileId, attribute, value, confidence, source, validFrom, actor, agent);
    }
}
