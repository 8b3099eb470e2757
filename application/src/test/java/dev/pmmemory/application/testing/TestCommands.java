package dev.pmmemory.application.testing;

import dev.pmmemory.application.model.TurnRole;
import dev.pmmemory.application.port.in.AuditQuery;
import dev.pmmemory.application.port.in.CorrectMemoryCommand;
import dev.pmmemory.application.port.in.CorrectMemoryCommand.Expiry;
import dev.pmmemory.application.port.in.RecordExperienceCommand;
import dev.pmmemory.application.port.in.RecordFactCommand;
import dev.pmmemory.application.port.in.RecordTurnCommand;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Optional;

/**
 * Commands from the short forms the tests write them in (a correction or a fact as the fields of its JSON body).
 * Only well-formed input: reading malformed wire input is the adapters' job, and tested there.
 */
public final class TestCommands {

    private TestCommands() {
    }

    /** A correction naming the fields of {@code fields}: content, type (wire name), expires_at (text or null). */
    public static CorrectMemoryCommand correction(String profile, String memoryId, Map<String, ?> fields,
                                                  String actor) {
        Optional<String> content = Optional.ofNullable((String) fields.get("content"));
        Optional<MemoryType> type = fields.containsKey("type")
                ? Optional.of(MemoryType.fromWireName((String) fields.get("type")).orElseThrow()) : Optional.empty();
        Expiry expiry = null;
        if (fields.containsKey("expires_at")) {
            String at = (String) fields.get("expires_at");
            expiry = new Expiry(at == null ? null : Instant.from(
                    DateTimeFormatter.ISO_OFFSET_DATE_TIME.parse(at)));
        }
        return new CorrectMemoryCommand(profile, memoryId, content, type, expiry, actor);
    }

    /** A fact from the fields of its body: value, and optionally source, confidence, valid_from. */
    public static RecordFactCommand fact(String profile, String attribute, Map<String, ?> body, String actor) {
        Source source = body.containsKey("source")
                ? Source.fromWireName((String) body.get("source")).orElseThrow() : Source.EXPLICIT;
        double confidence = body.containsKey("confidence")
                ? ((Number) body.get("confidence")).doubleValue() : source.confidence();
        Instant validFrom = body.containsKey("valid_from") ? Instant.parse((String) body.get("valid_from")) : null;
        return new RecordFactCommand(profile, attribute, body.get("value"), confidence, source, validFrom, actor);
    }

    /** The event a page's next_cursor continues after, or null without one. */
    public static String after(String cursor) {
        return cursor == null ? null : AuditQuery.eventAfter(cursor).orElseThrow();
    }

    public static RecordTurnCommand turn(String sessionId, String role, String content, String profileId) {
        return new RecordTurnCommand(sessionId, TurnRole.fromWireName(role).orElseThrow(), content, profileId);
    }

    /** An experience; a null importance is the default, a null time the receiving time. */
    public static RecordExperienceCommand experience(String profile, String task, String outcome, String lesson,
                                                     Double importance, String createdAt) {
        return new RecordExperienceCommand(profile, task, outcome, lesson,
                importance == null ? RecordExperienceCommand.DEFAULT_IMPORTANCE : importance,
                createdAt == null ? null : Instant.from(
                        DateTimeFormatter.ISO_OFFSET_DATE_TIME.parse(createdAt)));
    }
}
