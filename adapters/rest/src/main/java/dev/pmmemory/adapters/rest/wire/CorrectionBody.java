package dev.pmmemory.adapters.rest.wire;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.AddFeedbackCommand;
import dev.pmmemory.application.port.in.CorrectMemoryCommand;
import dev.pmmemory.application.port.in.CorrectMemoryCommand.Expiry;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The body of PATCH …/memories/{id}, read as a JSON object: a field's absence keeps the value and
 * {@code expires_at: null} makes the memory permanent, a difference a typed record would lose.
 */
public final class CorrectionBody {

    private CorrectionBody() {
    }

    /**
     * The correction the body asks for, from its fields as plain Java values (String, Number, Boolean, Map,
     * List or null): an unknown field, a value of the wrong kind, an empty content or an unknown type is named.
     */
    public static CorrectMemoryCommand read(String profileId, String memoryId, Map<String, ?> fields, String actor,
                                            String agent) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.memoryId("memory_id", memoryId);
        if (fields == null) {
            v.fail("body", "must be a JSON object naming at least one of content, type, expires_at");
            v.check();
        }
        for (String unknown : new TreeSet<>(fields.keySet())) {
            if (!CorrectMemoryCommand.FIELDS.contains(unknown)) {
                v.fail(unknown, "is not a field of a correction; allowed: content, type, expires_at");
            }
        }
        Optional<String> content = Optional.empty();
        if (fields.containsKey("content")) {
            if (fields.get("content") instanceof String s) {
                v.text("content", s, AddFeedbackCommand.MAX_MESSAGE_CODE_POINTS);
                content = Optional.of(s);
            } else {
                v.fail("content", "must be a non-blank string");
            }
        }
        Optional<MemoryType> type = Optional.empty();
        if (fields.containsKey("type")) {
            type = fields.get("type") instanceof String s ? MemoryType.fromWireName(s) : Optional.empty();
            if (type.isEmpty()) {
                v.fail("type", "must be one of " + Validation.memoryTypeNames());
            } else if (!type.get().classifiable()) {
                v.fail("type", "summary is made only by the compact job; a correction cannot give it");
            }
        }
        Expiry expiry = null;
        if (fields.containsKey("expires_at")) {
            Object e = fields.get("expires_at");
            if (e == null) {
                expiry = new Expiry(null);
            } else if (e instanceof String s) {
                Instant at = v.optionalInstant("expires_at", s);
                expiry = at == null ? null : new Expiry(at);
            } else {
                v.fail("expires_at", "must be an ISO-8601 date-time with an offset, or null for no expiry");
            }
        }
        if (fields.isEmpty()) {
            v.fail("body", "must name at least one of content, type, expires_at");
        }
        v.check();
        return new CorrectMemoryCommand(profileId, memoryId, content, type, expiry, actor, agent);
    }
}
