package dev.pmmemory.adapters.rest.profiledata;

import dev.pmmemory.adapters.rest.profiledata.ImportDocument.AuditItem;
import dev.pmmemory.adapters.rest.profiledata.ImportDocument.ExperienceItem;
import dev.pmmemory.adapters.rest.profiledata.ImportDocument.FactItem;
import dev.pmmemory.adapters.rest.profiledata.ImportDocument.DerivationItem;
import dev.pmmemory.adapters.rest.profiledata.ImportDocument.MemoryItem;
import dev.pmmemory.adapters.rest.profiledata.ImportDocument.RawMessageItem;
import dev.pmmemory.application.Validation;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.in.ProfileData;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.domain.experience.Experience;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Derivation;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.RecallUse;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.memory.PendingReason;
import dev.pmmemory.domain.memory.Source;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Reads an import body into the profile's data, collecting every error in one {@link Validation} with the
 * field's path ({@code memories[2].weight}): nothing is stored from a document that is not wholly valid.
 * A part with an error reads as null; the reader fails once everything has been read.
 */
public final class ImportDocumentReader {
    private static final Set<String> TOP = Set.of("format_version", "profile_id", "exported_at", "raw_messages",
            "memories", "audit_events", "experiences", "facts");
    private static final Set<String> RAW = Set.of("id", "message_id", "session_id", "source", "content",
            "created_at", "received_at", "outcome", "memory_id", "superseded_ids", "redactions");
    private static final Set<String> MEMORY = Set.of("id", "type", "content", "normalized_content", "entities",
            "keywords", "weight", "status", "source", "session_id", "created_at", "last_seen_at", "expires_at",
            "valid_from", "valid_until", "superseded_by", "superseded_entity_keys", "source_message_ids",
            "pending_reason", "alternatives", "recall_count", "last_recalled_at", "derivation");
    private static final Set<String> DERIVATION = Set.of("rule", "rationale", "evidence");
    private static final Set<String> AUDIT = Set.of("id", "memory_id", "raw_message_id", "kind", "detail", "at",
            "actor", "before", "after", "agent");
    private static final Set<String> EXPERIENCE = Set.of("id", "task", "outcome", "lesson", "importance",
            "keywords", "created_at");
    private static final Set<String> FACT = Set.of("id", "attribute", "value", "confidence", "source", "valid_from",
            "valid_until", "supersedes", "recorded_at", "recorded_by");

    private final Validation v = new Validation();
    private final DocumentValues values = new DocumentValues(v);
    private final String profileId;

    private ImportDocumentReader(String profileId) {
        this.profileId = profileId;
    }

    /**
     * @param profileId the profile of the path, which the document must name
     * @throws dev.pmmemory.application.InvalidInputException naming every bad field
     */
    public static ProfileData read(String profileId, ImportDocument body) {
        return new ImportDocumentReader(profileId).document(body);
    }

    private ProfileData document(ImportDocument body) {
        v.profileId("profile_id", profileId);
        if (body == null) {
            v.fail("body", "must be an export document (a JSON object)");
            v.check();
        }
        unknown("", body.unknown(), TOP);
        if (body.formatVersion() == null || body.formatVersion() != ProfileData.FORMAT_VERSION) {
            // nothing else of a document of another version can be read reliably
            v.fail("format_version", "must be " + ProfileData.FORMAT_VERSION
                    + " (this service reads only that version)");
            v.check();
        }
        if (body.profileId() == null) {
            v.fail("profile_id", "is required");
        } else if (!body.profileId().equals(profileId)) {
            v.fail("profile_id", "must be the profile of the path (an export loads back into its own profile)");
        }
        v.optionalInstant("exported_at", body.exportedAt());
        List<RawMessage> raws = parts("raw_messages", body.rawMessages(), RAW, RawMessageItem::unknown,
                this::rawMessage);
        List<Memory> memories = parts("memories", body.memories(), MEMORY, MemoryItem::unknown, this::memory);
        List<AuditEvent> events = parts("audit_events", body.auditEvents(), AUDIT, AuditItem::unknown,
                this::auditEvent);
        List<Experience> experiences = parts("experiences", body.experiences(), EXPERIENCE, ExperienceItem::unknown,
                this::experience);
        List<Fact> facts = parts("facts", body.facts(), FACT, FactItem::unknown, this::fact);
        DocumentLinks links = new DocumentLinks(v);
        links.unique("raw_messages", raws, RawMessage::id);
        links.unique("memories", memories, Memory::id);
        links.unique("audit_events", events, AuditEvent::id);
        links.unique("experiences", experiences, Experience::id);
        links.unique("facts", facts, Fact::id);
        links.uniqueMessageIds(raws);
        links.messagesOfDocumentMemories(raws, memories);
        links.factVersions(facts);
        v.check();
        return new ProfileData(profileId, null, raws, memories, events, experiences, facts);
    }

    private <I, T> List<T> parts(String field, List<I> items, Set<String> fields,
                                 Function<I, Map<String, Object>> unknown, BiFunction<String, I, T> part) {
        if (items == null) {
            v.fail(field, "must be an array (empty when there is none)");
            return List.of();
        }
        List<T> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String path = field + "[" + i + "]";
            I item = items.get(i);
            if (item == null) {
                v.fail(path, "must be an object");
                out.add(null);
            } else {
                unknown(path + ".", unknown.apply(item), fields);
                out.add(part.apply(path + ".", item));
            }
        }
        return out;
    }

    private void unknown(String prefix, Map<String, Object> unknown, Set<String> allowed) {
        if (unknown == null) {
            return;
        }
        for (String key : new TreeSet<>(unknown.keySet())) {
            v.fail(prefix + key, "is not a field of this part of the document; allowed: " + new TreeSet<>(allowed));
        }
    }

    private RawMessage rawMessage(String p, RawMessageItem o) {
        String id = values.id(p + "id", o.id(), true);
        String messageId = values.id(p + "message_id", o.messageId(), false);
        String sessionId = values.id(p + "session_id", o.sessionId(), false);
        Source source = values.wireEnum(p + "source", o.source(), Source.values(), Source::wireName);
        String content = values.text(p + "content", o.content());
        Instant createdAt = values.instant(p + "created_at", o.createdAt(), true);
        Instant receivedAt = values.instant(p + "received_at", o.receivedAt(), true);
        FeedbackOutcome outcome = values.wireEnum(p + "outcome", o.outcome(), FeedbackOutcome.values(),
                FeedbackOutcome::wireName);
        String memoryId = values.id(p + "memory_id", o.memoryId(), false);
        List<String> superseded = values.ids(p + "superseded_ids", o.supersededIds());
        List<String> redactions = values.names(p + "redactions", o.redactions());
        if (id == null || source == null || content == null || createdAt == null || receivedAt == null
                || outcome == null || superseded == null || redactions == null) {
            return null;
        }
        return new RawMessage(id, profileId, messageId, sessionId, source, content, createdAt, receivedAt,
                outcome, memoryId, superseded, redactions);
    }

    private Memory memory(String p, MemoryItem o) {
        String id = values.id(p + "id", o.id(), true);
        MemoryType type = values.wireEnum(p + "type", o.type(), MemoryType.values(), MemoryType::wireName);
        String content = values.text(p + "content", o.content());
        String normalized = values.text(p + "normalized_content", o.normalizedContent());
        List<String> entities = values.names(p + "entities", o.entities());
        List<String> keywords = values.names(p + "keywords", o.keywords());
        Integer weight = o.weight();
        if (weight == null || weight < 1) {
            v.fail(p + "weight", "must be a whole number of at least 1");
            weight = null;
        }
        MemoryStatus status = values.wireEnum(p + "status", o.status(), MemoryStatus.values(),
                MemoryStatus::wireName);
        Source source = values.wireEnum(p + "source", o.source(), Source.values(), Source::wireName);
        String sessionId = values.id(p + "session_id", o.sessionId(), false);
        Instant createdAt = values.instant(p + "created_at", o.createdAt(), true);
        Instant lastSeenAt = values.instant(p + "last_seen_at", o.lastSeenAt(), true);
        Instant expiresAt = values.instant(p + "expires_at", o.expiresAt(), false);
        Instant validFrom = values.instant(p + "valid_from", o.validFrom(), false);
        Instant validUntil = values.instant(p + "valid_until", o.validUntil(), false);
        String supersededBy = values.id(p + "superseded_by", o.supersededBy(), false);
        List<String> supersededKeys = values.names(p + "superseded_entity_keys", o.supersededEntityKeys());
        List<String> sources = values.ids(p + "source_message_ids", o.sourceMessageIds());
        boolean neverVisible = status == MemoryStatus.PENDING || status == MemoryStatus.REJECTED;
        if (validFrom != null && neverVisible) {
            v.fail(p + "valid_from", "must be null for a " + status.wireName() + " memory (it never was visible)");
        }
        // both optional: exports written before a held memory carried them have neither
        PendingReason pendingReason = o.pendingReason() == null ? null
                : values.wireEnum(p + "pending_reason", o.pendingReason(), PendingReason.values(),
                        PendingReason::wireName);
        List<MemoryType> alternatives = new ArrayList<>();
        for (String t : o.alternatives() == null ? List.<String>of() : o.alternatives()) {
            MemoryType alternative = values.wireEnum(p + "alternatives", t, MemoryType.values(), MemoryType::wireName);
            if (alternative != null && alternative != type && !alternatives.contains(alternative)) {
                alternatives.add(alternative);
            }
        }
        RecallUse recall = recallUse(p, o.recallCount(), o.lastRecalledAt());
        Derivation derivation = o.derivation() == null ? null : derivation(p + "derivation.", o.derivation());
        if (id == null || type == null || content == null || normalized == null || entities == null
                || keywords == null || weight == null || status == null || source == null || createdAt == null
                || lastSeenAt == null || supersededKeys == null || sources == null
                || (validFrom != null && neverVisible)) {
            return null;
        }
        if (recall == null || (o.derivation() != null && derivation == null)) {
            return null;
        }
        return new Memory(id, profileId, type, content, normalized, entities, keywords, weight, status, source,
                sessionId, createdAt, lastSeenAt, expiresAt, validFrom, validUntil, supersededBy,
                new LinkedHashSet<>(supersededKeys), sources, pendingReason, alternatives)
                .toBuilder().recall(recall).derivation(derivation).build();
    }

    /** Both absent in exports written before recalls were counted: never recalled. */
    private RecallUse recallUse(String p, Integer count, String lastRecalledAt) {
        Instant last = values.instant(p + "last_recalled_at", lastRecalledAt, false);
        if (count != null && count < 0) {
            v.fail(p + "recall_count", "must be a whole number of at least 0");
            return null;
        }
        long times = count == null ? 0 : count;
        if ((times == 0) != (last == null)) {
            v.fail(p + "last_recalled_at", "must be set exactly when recall_count is above 0");
            return null;
        }
        return times == 0 ? RecallUse.NEVER : new RecallUse(times, last);
    }

    private Derivation derivation(String p, DerivationItem o) {
        unknown(p, o.unknown(), DERIVATION);
        String rule = values.text(p + "rule", o.rule());
        String rationale = values.text(p + "rationale", o.rationale());
        List<String> evidence = values.ids(p + "evidence", o.evidence());
        return rule == null || rationale == null || evidence == null ? null
                : new Derivation(rule, rationale, evidence);
    }

    private AuditEvent auditEvent(String p, AuditItem o) {
        String id = values.id(p + "id", o.id(), true);
        String memoryId = values.id(p + "memory_id", o.memoryId(), false);
        String rawMessageId = values.id(p + "raw_message_id", o.rawMessageId(), false);
        AuditKind kind = values.wireEnum(p + "kind", o.kind(), AuditKind.values(), AuditKind::wireName);
        String detail = o.detail();
        if (detail == null || !DocumentValues.isPlainLine(detail)) {
            v.fail(p + "detail", "must be a string (empty allowed) without control characters");
            detail = null;
        }
        Instant at = values.instant(p + "at", o.at(), true);
        String actor = values.actor(p + "actor", o.actor());
        Optional<String> before = values.changedFields(p + "before", o.before());
        Optional<String> after = values.changedFields(p + "after", o.after());
        if (o.agent() != null) {
            v.agent(p + "agent", o.agent());
        }
        if (id == null || kind == null || detail == null || at == null || actor == null || before == null
                || after == null) {
            return null;
        }
        return new AuditEvent(id, profileId, memoryId, rawMessageId, kind, detail, at, actor,
                before.orElse(null), after.orElse(null), o.agent());
    }

    private Experience experience(String p, ExperienceItem o) {
        String id = values.id(p + "id", o.id(), true);
        String task = values.text(p + "task", o.task());
        String outcome = values.text(p + "outcome", o.outcome());
        String lesson = values.text(p + "lesson", o.lesson());
        Double importance = values.unitInterval(p + "importance", o.importance());
        List<String> keywords = values.names(p + "keywords", o.keywords());
        Instant createdAt = values.instant(p + "created_at", o.createdAt(), true);
        if (id == null || task == null || outcome == null || lesson == null || importance == null
                || keywords == null || createdAt == null) {
            return null;
        }
        return new Experience(id, profileId, task, outcome, lesson, importance, keywords, createdAt);
    }

    private Fact fact(String p, FactItem o) {
        String id = values.id(p + "id", o.id(), true);
        String attribute = v.attribute(p + "attribute", o.attribute());
        String value = values.factValue(p + "value", o.value());
        Double confidence = values.unitInterval(p + "confidence", o.confidence());
        Source source = values.wireEnum(p + "source", o.source(), Source.values(), Source::wireName);
        Instant validFrom = values.instant(p + "valid_from", o.validFrom(), true);
        Instant validUntil = values.instant(p + "valid_until", o.validUntil(), false);
        if (validFrom != null && validUntil != null && validUntil.isBefore(validFrom)) {
            v.fail(p + "valid_until", "must not be before valid_from");
            validUntil = null;
            validFrom = null;
        }
        String supersedes = values.id(p + "supersedes", o.supersedes(), false);
        Instant recordedAt = values.instant(p + "recorded_at", o.recordedAt(), true);
        String recordedBy = values.actor(p + "recorded_by", o.recordedBy());
        if (id == null || attribute == null || value == null || confidence == null || source == null
                || validFrom == null || recordedAt == null || recordedBy == null) {
            return null;
        }
        return new Fact(id, profileId, attribute, value, confidence, source, validFrom, validUntil, supersedes,
                recordedAt, recordedBy);
    }
}
