package dev.pmmemory.application.port.in;

import dev.pmmemory.application.Validation;
import dev.pmmemory.domain.experience.Experience;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Memory;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A valid export document (docs/api.md "Export document", format_version {@value ProfileData#FORMAT_VERSION})
 * to load into {@code profileId}. Build it from the JSON body as plain Java values (String, Number,
 * Boolean, Map, List or null) with {@link #of}: every invalid field is named with its path
 * ({@code memories[2].weight}), so nothing is stored from a document that is not wholly valid.
 */
public record ImportProfileCommand(String profileId, ProfileData data, String actor) {

    public ImportProfileCommand {
        Objects.requireNonNull(data, "data");
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.actor(actor);
        if (!data.profileId().equals(profileId)) {
            v.fail("profile_id", "must be the profile of the path (an export loads back into its own profile)");
        }
        v.check();
    }

    private static final Set<String> TOP = Set.of("format_version", "profile_id", "exported_at", "raw_messages",
            "memories", "audit_events", "experiences", "facts", "team_contributions");
    private static final Set<String> RAW = Set.of("id", "message_id", "session_id", "source", "content",
            "created_at", "received_at", "outcome", "memory_id", "superseded_ids", "redactions");
    private static final Set<String> MEMORY = Set.of("id", "type", "content", "normalized_content", "entities",
            "keywords", "weight", "status", "source", "session_id", "created_at", "last_seen_at", "expires_at",
            "valid_from", "valid_until", "superseded_by", "superseded_entity_keys", "source_message_ids",
            "pending_reason", "alternatives");
    private static final Set<String> AUDIT = Set.of("id", "memory_id", "raw_message_id", "kind", "detail", "at",
            "actor", "before", "after", "agent");
    private static final Set<String> EXPERIENCE = Set.of("id", "task", "outcome", "lesson", "importance",
            "keywords", "created_at");
    private static final Set<String> FACT = Set.of("id", "attribute", "value", "confidence", "source", "valid_from",
            "valid_until", "supersedes", "recorded_at", "recorded_by");

    public static ImportProfileCommand of(String profileId, Map<String, ?> body, String actor) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        if (body == null) {
            v.fail("body", "must be an export document (a JSON object)");
            v.check();
        }
        ExportDocumentReader r = new ExportDocumentReader(v);
        r.unknown("", body, TOP);
        Object version = body.get("format_version");
        if (!(version instanceof Integer i && i == ProfileData.FORMAT_VERSION)) {
            // nothing else of a document of another version can be read reliably
            v.fail("format_version", "must be " + ProfileData.FORMAT_VERSION + " (this service reads only that version)");
            v.check();
        }
        String documentProfile = r.string("profile_id", body.get("profile_id"), true);
        if (documentProfile != null && !documentProfile.equals(profileId)) {
            v.fail("profile_id", "must be the profile of the path (an export loads back into its own profile)");
        }
        if (body.get("exported_at") != null) {
            r.instant("exported_at", body.get("exported_at"), false);
        }
        List<RawMessage> raws = r.objects("raw_messages", body.get("raw_messages"), RAW,
                (path, o) -> r.rawMessage(profileId, path, o));
        List<Memory> memories = r.objects("memories", body.get("memories"), MEMORY,
                (path, o) -> r.memory(profileId, path, o));
        List<AuditEvent> events = r.objects("audit_events", body.get("audit_events"), AUDIT,
                (path, o) -> r.auditEvent(profileId, path, o));
        List<Experience> experiences = r.objects("experiences", body.get("experiences"), EXPERIENCE,
                (path, o) -> r.experience(profileId, path, o));
        List<Fact> facts = r.objects("facts", body.get("facts"), FACT, (path, o) -> r.fact(profileId, path, o));
        r.unique("raw_messages", raws.stream().map(m -> m == null ? null : m.id()).toList());
        r.unique("memories", memories.stream().map(m -> m == null ? null : m.id()).toList());
        r.unique("audit_events", events.stream().map(e -> e == null ? null : e.id()).toList());
        r.unique("experiences", experiences.stream().map(e -> e == null ? null : e.id()).toList());
        r.unique("facts", facts.stream().map(f -> f == null ? null : f.id()).toList());
        r.uniqueMessageIds(raws);
        r.messagesOfDocumentMemories(raws, memories);
        r.factVersions(facts);
        v.check();
        return new ImportProfileCommand(profileId, new ProfileData(profileId, null, raws, memories, events,
                experiences, facts), actor);
    }
}
