package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import dev.pmmemory.domain.experience.Experience;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.fact.FactValue;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.PendingReason;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.Source;
import dev.pmmemory.domain.privacy.Redactor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Reads the parts of an export document (plain Java values from JSON) into stored values, collecting
 * every error in one {@link Validation} with the field's path ({@code memories[2].weight}). A part
 * with an error reads as null; the caller fails once everything has been read.
 */
final class ExportDocumentReader {
    private final Validation v;
    // redacting a value twice changes nothing, so a value exported by this service reads back as it
    // was; a hand-edited one gets no unredacted secret into the store
    private final Redactor redactor = new Redactor();

    ExportDocumentReader(Validation v) {
        this.v = v;
    }

    interface Part<T> {
        T read(String path, Map<?, ?> object);
    }

    <T> List<T> objects(String field, Object value, Set<String> fields, Part<T> part) {
        if (!(value instanceof List<?> list)) {
            v.fail(field, "must be an array (empty when there is none)");
            return List.of();
        }
        List<T> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            String path = field + "[" + i + "]";
            if (list.get(i) instanceof Map<?, ?> o) {
                unknown(path + ".", o, fields);
                out.add(part.read(path + ".", o));
            } else {
                v.fail(path, "must be an object");
                out.add(null);
            }
        }
        return out;
    }

    void unknown(String prefix, Map<?, ?> object, Set<String> allowed) {
        for (Object key : new TreeSet<>(object.keySet().stream().map(String::valueOf).toList())) {
            if (!allowed.contains(key)) {
                v.fail(prefix + key, "is not a field of this part of the document; allowed: "
                        + new TreeSet<>(allowed));
            }
        }
    }

    void unique(String field, List<String> ids) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < ids.size(); i++) {
            if (ids.get(i) != null && !seen.add(ids.get(i))) {
                v.fail(field + "[" + i + "].id", "repeats the id of an earlier item");
            }
        }
    }

    void uniqueMessageIds(List<RawMessage> raws) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < raws.size(); i++) {
            RawMessage m = raws.get(i);
            if (m != null && m.messageId() != null && !seen.add(m.messageId())) {
                v.fail("raw_messages[" + i + "].message_id", "repeats the message_id of an earlier message");
            }
        }
    }

    /**
     * A raw message's memory_id names a memory of the document: the service deletes a raw message with
     * its memory, so an export never holds one without the other. (A memory's source_message_ids and
     * superseded_by may name records a retention purge removed, so they are not checked.)
     */
    void messagesOfDocumentMemories(List<RawMessage> raws, List<Memory> memories) {
        if (memories.stream().anyMatch(Objects::isNull)) { // a memory with an error: no misleading second error
            return;
        }
        Set<String> memoryIds = memories.stream().map(Memory::id).collect(Collectors.toSet());
        for (int i = 0; i < raws.size(); i++) {
            RawMessage m = raws.get(i);
            if (m != null && m.memoryId() != null && !memoryIds.contains(m.memoryId())) {
                v.fail("raw_messages[" + i + "].memory_id", "must be the id of a memory in this document");
            }
        }
    }

    RawMessage rawMessage(String profileId, String p, Map<?, ?> o) {
        String id = id(p + "id", o.get("id"), true);
        String messageId = id(p + "message_id", o.get("message_id"), false);
        String sessionId = id(p + "session_id", o.get("session_id"), false);
        Source source = wireEnum(p + "source", o.get("source"), Source::fromWireName, Source.values(),
                Source::wireName);
        String content = text(p + "content", o.get("content"));
        Instant createdAt = instant(p + "created_at", o.get("created_at"), true);
        Instant receivedAt = instant(p + "received_at", o.get("received_at"), true);
        FeedbackOutcome outcome = wireEnum(p + "outcome", o.get("outcome"), ExportDocumentReader::outcome,
                FeedbackOutcome.values(), FeedbackOutcome::wireName);
        String memoryId = id(p + "memory_id", o.get("memory_id"), false);
        List<String> superseded = ids(p + "superseded_ids", o.get("superseded_ids"));
        List<String> redactions = names(p + "redactions", o.get("redactions"));
        if (id == null || source == null || content == null || createdAt == null || receivedAt == null
                || outcome == null || superseded == null || redactions == null) {
            return null;
        }
        return new RawMessage(id, profileId, messageId, sessionId, source, content, createdAt, receivedAt,
                outcome, memoryId, superseded, redactions);
    }

    Memory memory(String profileId, String p, Map<?, ?> o) {
        String id = id(p + "id", o.get("id"), true);
        MemoryType type = wireEnum(p + "type", o.get("type"), MemoryType::fromWireName, MemoryType.values(),
                MemoryType::wireName);
        String content = text(p + "content", o.get("content"));
        String normalized = text(p + "normalized_content", o.get("normalized_content"));
        List<String> entities = names(p + "entities", o.get("entities"));
        List<String> keywords = names(p + "keywords", o.get("keywords"));
        Integer weight = null;
        if (o.get("weight") instanceof Integer w && w >= 1) {
            weight = w;
        } else {
            v.fail(p + "weight", "must be a whole number of at least 1");
        }
        MemoryStatus status = wireEnum(p + "status", o.get("status"), MemoryStatus::fromWireName,
                MemoryStatus.values(), MemoryStatus::wireName);
        Source source = wireEnum(p + "source", o.get("source"), Source::fromWireName, Source.values(),
                Source::wireName);
        String sessionId = id(p + "session_id", o.get("session_id"), false);
        Instant createdAt = instant(p + "created_at", o.get("created_at"), true);
        Instant lastSeenAt = instant(p + "last_seen_at", o.get("last_seen_at"), true);
        Instant expiresAt = instant(p + "expires_at", o.get("expires_at"), false);
        Instant validFrom = instant(p + "valid_from", o.get("valid_from"), false);
        Instant validUntil = instant(p + "valid_until", o.get("valid_until"), false);
        String supersededBy = id(p + "superseded_by", o.get("superseded_by"), false);
        List<String> supersededKeys = names(p + "superseded_entity_keys", o.get("superseded_entity_keys"));
        List<String> sources = ids(p + "source_message_ids", o.get("source_message_ids"));
        if (validFrom != null && (status == MemoryStatus.PENDING || status == MemoryStatus.REJECTED)) {
            v.fail(p + "valid_from", "must be null for a " + status.wireName() + " memory (it never was visible)");
        }
        // both optional: exports written before a held memory carried them have neither
        PendingReason pendingReason = o.get("pending_reason") == null ? null
                : wireEnum(p + "pending_reason", o.get("pending_reason"), PendingReason::fromWireName,
                        PendingReason.values(), PendingReason::wireName);
        List<MemoryType> alternatives = new java.util.ArrayList<>();
        if (o.get("alternatives") instanceof List<?> list) {
            for (Object t : list) {
                MemoryType alternative = wireEnum(p + "alternatives", t, MemoryType::fromWireName, MemoryType.values(),
                        MemoryType::wireName);
                if (alternative != null && alternative != type && !alternatives.contains(alternative)) {
                    alternatives.add(alternative);
                }
            }
        } else if (o.get("alternatives") != null) {
            v.fail(p + "alternatives", "must be a list of types");
        }
        if (id == null || type == null || content == null || normalized == null || entities == null
                || keywords == null || weight == null || status == null || source == null || createdAt == null
                || lastSeenAt == null || supersededKeys == null || sources == null
                || (validFrom != null && (status == MemoryStatus.PENDING || status == MemoryStatus.REJECTED))) {
            return null;
        }
        return new Memory(id, profileId, type, content, normalized, entities, keywords, weight, status, source,
                sessionId, createdAt, lastSeenAt, expiresAt, validFrom, validUntil, supersededBy,
                new LinkedHashSet<>(supersededKeys), sources, pendingReason, alternatives);
    }

    AuditEvent auditEvent(String profileId, String p, Map<?, ?> o) {
        String id = id(p + "id", o.get("id"), true);
        String memoryId = id(p + "memory_id", o.get("memory_id"), false);
        String rawMessageId = id(p + "raw_message_id", o.get("raw_message_id"), false);
        AuditKind kind = wireEnum(p + "kind", o.get("kind"), ExportDocumentReader::kind, AuditKind.values(),
                AuditKind::wireName);
        String detail = null;
        if (o.get("detail") instanceof String s && isPlainLine(s)) {
            detail = s;
        } else {
            v.fail(p + "detail", "must be a string (empty allowed) without control characters");
        }
        Instant at = instant(p + "at", o.get("at"), true);
        String actor = actor(p + "actor", o.get("actor"));
        Optional<String> before = changedFields(p + "before", o.get("before"));
        Optional<String> after = changedFields(p + "after", o.get("after"));
        String agent = agent(p + "agent", o.get("agent"));
        if (id == null || kind == null || detail == null || at == null || actor == null || before == null
                || after == null) {
            return null;
        }
        return new AuditEvent(id, profileId, memoryId, rawMessageId, kind, detail, at, actor,
                before.orElse(null), after.orElse(null), agent);
    }

    Experience experience(String profileId, String p, Map<?, ?> o) {
        String id = id(p + "id", o.get("id"), true);
        String task = text(p + "task", o.get("task"));
        String outcome = text(p + "outcome", o.get("outcome"));
        String lesson = text(p + "lesson", o.get("lesson"));
        Double importance = null;
        if (o.get("importance") instanceof Number n && n.doubleValue() >= 0.0 && n.doubleValue() <= 1.0) {
            importance = n.doubleValue();
        } else {
            v.fail(p + "importance", "must be a number from 0 to 1");
        }
        List<String> keywords = names(p + "keywords", o.get("keywords"));
        Instant createdAt = instant(p + "created_at", o.get("created_at"), true);
        if (id == null || task == null || outcome == null || lesson == null || importance == null
                || keywords == null || createdAt == null) {
            return null;
        }
        return new Experience(id, profileId, task, outcome, lesson, importance, keywords, createdAt);
    }

    Fact fact(String profileId, String p, Map<?, ?> o) {
        String id = id(p + "id", o.get("id"), true);
        String attribute = v.attribute(p + "attribute", o.get("attribute") instanceof String a ? a : null);
        String value = factValue(p + "value", o.get("value"));
        Double confidence = null;
        if (o.get("confidence") instanceof Number n && n.doubleValue() >= 0.0 && n.doubleValue() <= 1.0) {
            confidence = n.doubleValue();
        } else {
            v.fail(p + "confidence", "must be a number from 0 to 1");
        }
        Source source = wireEnum(p + "source", o.get("source"), Source::fromWireName, Source.values(),
                Source::wireName);
        Instant validFrom = instant(p + "valid_from", o.get("valid_from"), true);
        Instant validUntil = instant(p + "valid_until", o.get("valid_until"), false);
        if (validFrom != null && validUntil != null && validUntil.isBefore(validFrom)) {
            v.fail(p + "valid_until", "must not be before valid_from");
            validUntil = null;
            validFrom = null;
        }
        String supersedes = id(p + "supersedes", o.get("supersedes"), false);
        Instant recordedAt = instant(p + "recorded_at", o.get("recorded_at"), true);
        String recordedBy = actor(p + "recorded_by", o.get("recorded_by"));
        if (id == null || attribute == null || value == null || confidence == null || source == null
                || validFrom == null || recordedAt == null || recordedBy == null) {
            return null;
        }
        return new Fact(id, profileId, attribute, value, confidence, source, validFrom, validUntil, supersedes,
                recordedAt, recordedBy);
    }

    /**
     * What the stores hold of the versions together: at most one open version per attribute, and
     * a version follows (supersedes) another version of the same attribute in the document, which
     * no other version follows. Checked only once every version reads: a link to a version with an
     * error would otherwise be named as a second, misleading error.
     */
    void factVersions(List<Fact> facts) {
        if (facts.stream().anyMatch(Objects::isNull)) { // (List.of() refuses contains(null))
            return;
        }
        Map<String, Fact> byId = new HashMap<>();
        facts.forEach(f -> byId.putIfAbsent(f.id(), f));
        Set<String> open = new HashSet<>();
        Set<String> followed = new HashSet<>();
        for (int i = 0; i < facts.size(); i++) {
            Fact f = facts.get(i);
            String p = "facts[" + i + "].";
            if (f.isOpen() && !open.add(f.attribute())) {
                v.fail(p + "valid_until", "must be set: another version of " + f.attribute()
                        + " is open already (at most one version per attribute is)");
            }
            if (f.supersedes() != null) {
                Fact previous = byId.get(f.supersedes());
                if (previous == null || previous == f || !previous.attribute().equals(f.attribute())) {
                    v.fail(p + "supersedes", "must be the id of another version of " + f.attribute()
                            + " in this document");
                } else if (!followed.add(f.supersedes())) {
                    v.fail(p + "supersedes", "repeats the supersedes of an earlier version (a version is "
                            + "followed by at most one)");
                }
            }
        }
    }

    // --- values ------------------------------------------------------------------------------

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

    /** Who did something: an API key's name, or local. */
    String actor(String field, Object value) {
        if (value instanceof String s && !s.isBlank() && s.length() <= 128 && isPlainLine(s)) {
            return s;
        }
        v.fail(field, "must be 1 to 128 characters");
        return null;
    }

    /** The agent an event names: absent or null (documents of older releases have none), else as recorded. */
    String agent(String field, Object value) {
        if (value == null) {
            return null;
        }
        if (!(value instanceof String s)) {
            v.fail(field, "must be a string or null");
            return null;
        }
        v.agent(field, s);
        return s;
    }

        String string(String field, Object value, boolean required) {
        if (value == null) {
            if (required) {
                v.fail(field, "is required");
            }
            return null;
        }
        if (value instanceof String s) {
            return s;
        }
        v.fail(field, "must be a string");
        return null;
    }

    /** An id as the service hands them out; {@code required} false: null allowed. */
    String id(String field, Object value, boolean required) {
        String s = string(field, value, required);
        return s == null ? null : v.optionalOpaqueId(field, s);
    }

    /** Stored text: not blank, well-formed, no control characters but line breaks and tabs. */
    String text(String field, Object value) {
        String s = string(field, value, true);
        return s == null ? null : v.text(field, s, Integer.MAX_VALUE);
    }

    Instant instant(String field, Object value, boolean required) {
        String s = string(field, value, required);
        return s == null ? null : v.optionalInstant(field, s);
    }

    /** A list of ids. */
    List<String> ids(String field, Object value) {
        return list(field, value, s -> v.optionalOpaqueId(field, s) != null);
    }

    /** A list of names (entities, keywords, redaction kinds): single-line text. */
    List<String> names(String field, Object value) {
        return list(field, value, s -> !s.isEmpty() && isPlainLine(s) && Validation.isWellFormedUnicode(s));
    }

    private List<String> list(String field, Object value, java.util.function.Predicate<String> valid) {
        if (!(value instanceof List<?> l)) {
            v.fail(field, "must be an array of strings (empty when there is none)");
            return null;
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < l.size(); i++) {
            if (l.get(i) instanceof String s && valid.test(s)) {
                out.add(s);
            } else {
                v.fail(field + "[" + i + "]", "must be a non-empty string without control characters");
                return null;
            }
        }
        return out;
    }

    <E> E wireEnum(String field, Object value, Function<String, Optional<E>> parse, E[] all,
                   Function<E, String> wireName) {
        Optional<E> parsed = value instanceof String s ? parse.apply(s) : Optional.empty();
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
    Optional<String> changedFields(String field, Object value) {
        if (value == null) {
            return Optional.empty();
        }
        if (value instanceof Map<?, ?> m) {
            ChangedFields fields = new ChangedFields();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (e.getValue() == null || e.getValue() instanceof String) {
                    fields = fields.put(String.valueOf(e.getKey()), (String) e.getValue());
                } else {
                    v.fail(field + "." + e.getKey(), "must be a string or null");
                    return null;
                }
            }
            return Optional.of(fields.json());
        }
        v.fail(field, "must be an object of the changed fields, or null");
        return null;
    }

    private static boolean isPlainLine(String s) {
        return s.chars().noneMatch(Character::isISOControl);
    }

    private static Optional<FeedbackOutcome> outcome(String name) {
        return Arrays.stream(FeedbackOutcome.values()).filter(o -> o.wireName().equals(name)).findFirst();
    }

    private static Optional<AuditKind> kind(String name) {
        return Arrays.stream(AuditKind.values()).filter(k -> k.wireName().equals(name)).findFirst();
    }
}
