package dev.pmmemory.adapters.rest.dto;

import com.fasterxml.jackson.annotation.JsonRawValue;
import dev.pmmemory.application.port.in.ProfileData;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.domain.experience.Experience;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Memory;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The export document (docs/api.md "Export document"): everything held for one profile, stored values
 * as they are, in one format an import reads back. A new format is a new {@code format_version}.
 */
@RegisterForReflection
@Schema(name = "ProfileExport", description = "everything held for one profile; POST it to …/import to load it back")
public record ProfileExportDocument(
        @Schema(description = "the version of this format; an import refuses any other", enumeration = {"1"})
        int formatVersion,
        String profileId,
        @Schema(nullable = true, description = "when the export was read; ignored by an import")
        Instant exportedAt,
        @Schema(description = "every feedback message as received (after redaction), oldest first")
        List<RawMessageEntry> rawMessages,
        @Schema(description = "memories of every status, oldest first, with their supersession links")
        List<MemoryEntry> memories,
        @Schema(description = "the audit events in the order they were recorded")
        List<AuditEntry> auditEvents,
        @Schema(description = "lessons of finished rounds, oldest first")
        List<ExperienceEntry> experiences,
        @Schema(description = "every version of every structured fact, by attribute, then oldest first")
        List<FactEntry> facts,
        @Schema(description = "the team memories the profile contributed to (docs/rules.md, \"Teams\"), as stored "
                + "now, by team then memory id; an import ignores them: a team memory is the team's")
        List<TeamContributionEntry> teamContributions) {

    public static ProfileExportDocument of(ProfileData d) {
        return new ProfileExportDocument(ProfileData.FORMAT_VERSION, d.profileId(), d.exportedAt(),
                d.rawMessages().stream().map(RawMessageEntry::of).toList(),
                d.memories().stream().map(MemoryEntry::of).toList(),
                d.auditEvents().stream().map(AuditEntry::of).toList(),
                d.experiences().stream().map(ExperienceEntry::of).toList(),
                d.facts().stream().map(FactEntry::of).toList(),
                d.teamContributions().stream().map(TeamContributionEntry::of).toList());
    }

    @RegisterForReflection
    @Schema(name = "ExportedTeamContribution")
    public record TeamContributionEntry(String teamId, String memoryId,
                                        @Schema(enumeration = {"long_term_preference", "project_negative",
                                                "project_advance", "project_positive", "market_info", "temp_status"})
                                        String type,
                                        @Schema(enumeration = {"active", "expired", "superseded", "pending",
                                                "rejected", "deleted"}) String status,
                                        String content,
                                        @Schema(nullable = true, description = "the profile's own memory that counted "
                                                + "toward the consensus; null for a team decision it stated")
                                        String personalMemoryId) {
        static TeamContributionEntry of(dev.pmmemory.application.port.in.TeamContribution c) {
            return new TeamContributionEntry(c.teamId(), c.memoryId(), c.type().wireName(), c.status().wireName(),
                    c.content(), c.personalMemoryId());
        }
    }

    @RegisterForReflection
    @Schema(name = "ExportedRawMessage")
    public record RawMessageEntry(String id, @Schema(nullable = true) String messageId,
                                  @Schema(nullable = true) String sessionId,
                                  @Schema(enumeration = {"explicit", "inferred", "bot"}) String source,
                                  String content, Instant createdAt, Instant receivedAt,
                                  @Schema(enumeration = {"created", "deduplicated", "replayed", "pending",
                                          "unclassified"}) String outcome,
                                  @Schema(nullable = true) String memoryId, List<String> supersededIds,
                                  List<String> redactions) {
        static RawMessageEntry of(RawMessage r) {
            return new RawMessageEntry(r.id(), r.messageId(), r.sessionId(), r.source().wireName(), r.content(),
                    r.createdAt(), r.receivedAt(), r.outcome().wireName(), r.memoryId(), r.supersededIds(),
                    r.redactions());
        }
    }

    @RegisterForReflection
    @Schema(name = "ExportedMemory")
    public record MemoryEntry(String id,
                              @Schema(enumeration = {"long_term_preference", "project_negative", "project_advance",
                                      "project_positive", "market_info", "temp_status"}) String type,
                              String content, String normalizedContent, List<String> entities, List<String> keywords,
                              int weight,
                              @Schema(description = "the stored status",
                                      enumeration = {"active", "expired", "superseded", "pending", "rejected",
                                              "deleted"}) String status,
                              @Schema(enumeration = {"explicit", "inferred", "bot"}) String source,
                              @Schema(nullable = true) String sessionId, Instant createdAt, Instant lastSeenAt,
                              @Schema(nullable = true) Instant expiresAt, @Schema(nullable = true) Instant validFrom,
                              @Schema(nullable = true) Instant validUntil,
                              @Schema(nullable = true, description = "the memory that wholly superseded this one")
                              String supersededBy,
                              @Schema(description = "entities a newer opposite decision took over (per-entity "
                                      + "supersession)") List<String> supersededEntityKeys,
                              List<String> sourceMessageIds,
                              @Schema(nullable = true, enumeration = {"uncertain_type", "inferred", "conflict",
                                      "team_proposal"},
                                      description = "why a pending memory waits (absent in older exports)")
                              String pendingReason,
                              @Schema(description = "the other types a memory held for uncertain_type may be "
                                      + "(absent in older exports: none)") List<String> alternatives,
                              @Schema(description = "how many present context recalls returned it (absent in "
                                      + "older exports: 0)", minimum = "0") long recallCount,
                              @Schema(nullable = true, description = "when a recall last returned it; set exactly "
                                      + "when recall_count is above 0") Instant lastRecalledAt,
                              @Schema(nullable = true, description = "for a preference the derive job proposed: "
                                      + "its rule, rationale and evidence") MemoryDto.DerivationDto derivation) {
        static MemoryEntry of(Memory m) {
            return new MemoryEntry(m.id(), m.type().wireName(), m.content(), m.normalizedContent(), m.entities(),
                    m.keywords(), m.weight(), m.status().wireName(), m.source().wireName(), m.sessionId(),
                    m.createdAt(), m.lastSeenAt(), m.expiresAt(), m.validFrom(), m.validUntil(), m.supersededBy(),
                    m.supersededEntityKeys().stream().sorted().toList(), m.sourceMessageIds(),
                    m.pendingReason() == null ? null : m.pendingReason().wireName(),
                    m.alternatives().stream().map(t -> t.wireName()).toList(), m.recall().count(),
                    m.recall().lastRecalledAt(), m.derivation() == null ? null : new MemoryDto.DerivationDto(
                            m.derivation().rule(), m.derivation().rationale(), m.derivation().evidence()));
        }
    }

    @RegisterForReflection
    @Schema(name = "ExportedAuditEvent")
    public record AuditEntry(String id, @Schema(nullable = true) String memoryId,
                             @Schema(nullable = true) String rawMessageId, String kind, String detail, Instant at,
                             String actor,
                             @Schema(nullable = true, description = "the agent that used the actor's key, if named")
                             String agent,
                             @Schema(type = SchemaType.OBJECT, nullable = true,
                                     description = "the changed fields before the change (strings or null)")
                             @JsonRawValue String before,
                             @Schema(type = SchemaType.OBJECT, nullable = true,
                                     description = "the changed fields after the change (strings or null)")
                             @JsonRawValue String after) {
        static AuditEntry of(AuditEvent e) {
            return new AuditEntry(e.id(), e.memoryId(), e.rawMessageId(), e.kind().wireName(), e.detail(), e.at(),
                    e.actor(), e.agent(), e.before(), e.after());
        }
    }

    @RegisterForReflection
    @Schema(name = "ExportedExperience")
    public record ExperienceEntry(String id, String task, String outcome, String lesson, double importance,
                                  List<String> keywords, Instant createdAt) {
        static ExperienceEntry of(Experience e) {
            return new ExperienceEntry(e.id(), e.task(), e.outcome(), e.lesson(), e.importance(), e.keywords(),
                    e.createdAt());
        }
    }

    @RegisterForReflection
    @Schema(name = "ExportedFact", description = "one version of a structured fact, as stored")
    public record FactEntry(String id, String attribute,
                            @Schema(implementation = Object.class, // any JSON, not a string: it is written raw
                                    description = "any JSON value, as stored (canonical, secrets redacted)")
                            @JsonRawValue String value,
                            @Schema(minimum = "0", maximum = "1") double confidence,
                            @Schema(enumeration = {"explicit", "inferred", "bot"}) String source,
                            Instant validFrom,
                            @Schema(nullable = true, description = "null while it is the current version")
                            Instant validUntil,
                            @Schema(nullable = true, description = "id of the version this one follows")
                            String supersedes,
                            Instant recordedAt, String recordedBy) {
        static FactEntry of(Fact f) {
            return new FactEntry(f.id(), f.attribute(), f.value(), f.confidence(), f.source().wireName(),
                    f.validFrom(), f.validUntil(), f.supersedes(), f.recordedAt(), f.recordedBy());
        }
    }
}
