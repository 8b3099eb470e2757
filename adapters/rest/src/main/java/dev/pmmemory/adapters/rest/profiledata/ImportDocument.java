package dev.pmmemory.adapters.rest.profiledata;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import java.util.Map;

/**
 * The body of an import: the export document (docs/api.md "Export document") as it arrives. Instants,
 * ids and wire names stay text here so that {@link ImportDocumentReader} names every bad one by its path
 * at once; a value of the wrong JSON type (a weight that is no whole number among them) is refused by Jackson,
 * naming its path. Each part keeps the fields it does not know in {@code unknown}, so that they are named
 * rather than ignored.
 */
@RegisterForReflection
public record ImportDocument(@JsonDeserialize(using = WholeNumber.class) Integer formatVersion, String profileId,
                             String exportedAt,
                             List<RawMessageItem> rawMessages, List<MemoryItem> memories,
                             List<AuditItem> auditEvents, List<ExperienceItem> experiences, List<FactItem> facts,
                             // an export of a team member lists what it gave to team memories; they belong to the team,
                             // so an import reads past them
                             List<Object> teamContributions,
                             @JsonAnySetter Map<String, Object> unknown) {

    @RegisterForReflection
    public record RawMessageItem(String id, String messageId, String sessionId, String source, String content,
                                 String createdAt, String receivedAt, String outcome, String memoryId,
                                 List<String> supersededIds, List<String> redactions,
                                 @JsonAnySetter Map<String, Object> unknown) {
    }

    @RegisterForReflection
    public record MemoryItem(String id, String type, String content, String normalizedContent, List<String> entities,
                             List<String> keywords, @JsonDeserialize(using = WholeNumber.class) Integer weight,
                             String status, String source, String sessionId,
                             String createdAt, String lastSeenAt, String expiresAt, String validFrom,
                             String validUntil, String supersededBy, List<String> supersededEntityKeys,
                             List<String> sourceMessageIds, String pendingReason, List<String> alternatives,
                             @JsonDeserialize(using = WholeNumber.class) Integer recallCount, String lastRecalledAt,
                             DerivationItem derivation, @JsonAnySetter Map<String, Object> unknown) {
    }

    /** What made a derived proposal: the rule, its rationale, the evidence memories' ids. */
    @RegisterForReflection
    public record DerivationItem(String rule, String rationale, List<String> evidence,
                                 @JsonAnySetter Map<String, Object> unknown) {
    }

    /** {@code before} / {@code after}: the changed fields, a flat object of strings and nulls. */
    @RegisterForReflection
    public record AuditItem(String id, String memoryId, String rawMessageId, String kind, String detail, String at,
                            String actor, Map<String, Object> before, Map<String, Object> after, String agent,
                            @JsonAnySetter Map<String, Object> unknown) {
    }

    @RegisterForReflection
    public record ExperienceItem(String id, String task, String outcome, String lesson, Double importance,
                                 List<String> keywords, String createdAt,
                                 @JsonAnySetter Map<String, Object> unknown) {
    }

    /** {@code value}: any JSON value, as a fact's PUT takes it. */
    @RegisterForReflection
    public record FactItem(String id, String attribute, Object value, Double confidence, String source,
                           String validFrom, String validUntil, String supersedes, String recordedAt,
                           String recordedBy, @JsonAnySetter Map<String, Object> unknown) {
    }
}
