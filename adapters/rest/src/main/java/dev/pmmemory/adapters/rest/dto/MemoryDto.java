package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.MemoryView;
import dev.pmmemory.domain.memory.Memory;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A memory on the wire (api.md "A memory"). A class, so that a context item can extend it. */
@RegisterForReflection
@Schema(name = "Memory")
public class MemoryDto {
    public final String id;
    public final String profileId;
    @Schema(enumeration = {"long_term_preference", "project_negative", "project_advance", "project_positive",
            "market_info", "temp_status", "summary"},
            description = "summary: made by the compact job from old low-priority memories, never by a classifier")
    public final String type;
    public final String content;
    public final List<String> entities;
    public final List<String> keywords;
    public final int weight;
    public final double typePriority;
    @Schema(enumeration = {"active", "expired", "superseded", "pending", "rejected", "deleted"})
    public final String status;
    @Schema(enumeration = {"explicit", "inferred", "bot"})
    public final String source;
    @Schema(nullable = true)
    public final String sessionId;
    public final Instant createdAt;
    public final Instant lastSeenAt;
    @Schema(nullable = true, description = "null for permanent memories")
    public final Instant expiresAt;
    @Schema(nullable = true)
    public final Instant validUntil;
    @Schema(nullable = true)
    public final String supersededBy;
    public final List<String> sourceMessageIds;
    @Schema(nullable = true, enumeration = {"uncertain_type", "inferred", "conflict", "team_proposal"},
            description = "why a pending memory waits: uncertain_type when the classifiers were unsure of its sign;"
                    + " inferred when the derive job proposes it from a pattern (see derivation); conflict when a more"
                    + " confident opposite decision on a shared entity held it; team_proposal when a quorum of a team's members"
                    + " hold it and the team proposes it")
    public final String pendingReason;
    @Schema(description = "the other types a memory held for uncertain_type may be, best first; confirm may pick one")
    public final List<String> alternatives;
    @Schema(minimum = "0", description = "how many present context recalls returned it (docs/rules.md \"Recall counts\");"
            + " counted in the background, so it may lag a recall by the flush interval")
    public final long recallCount;
    @Schema(nullable = true, description = "when a present context recall last returned it; null while never recalled")
    public final Instant lastRecalledAt;
    @Schema(nullable = true, description = "why the derive job proposed this preference (source inferred): the rule,"
            + " a rationale to read and the ids of the evidence memories; null for any other memory")
    public final DerivationDto derivation;

    /** Why a derived preference was proposed (docs/rules.md "Derived preferences"). */
    @RegisterForReflection
    @Schema(name = "Derivation")
    public record DerivationDto(
            @Schema(description = "the lexicon derive rule that saw the pattern") String rule,
            @Schema(description = "the pattern in words: the reason, the entities, the dates") String rationale,
            @Schema(description = "ids of the memories that show the pattern") List<String> evidence) {
    }

    public MemoryDto(MemoryView view) {
        Memory m = view.memory();
        this.id = m.id();
        this.profileId = m.profileId();
        this.type = m.type().wireName();
        this.content = m.content();
        this.entities = m.entities();
        this.keywords = m.keywords();
        this.weight = m.weight();
        this.typePriority = view.typePriority();
        this.status = view.status().wireName();
        this.source = m.source().wireName();
        this.sessionId = m.sessionId();
        this.createdAt = m.createdAt();
        this.lastSeenAt = m.lastSeenAt();
        this.expiresAt = m.expiresAt();
        this.validUntil = m.validUntil();
        this.supersededBy = m.supersededBy();
        this.sourceMessageIds = m.sourceMessageIds();
        this.pendingReason = m.pendingReason() == null ? null : m.pendingReason().wireName();
        this.alternatives = m.alternatives().stream().map(t -> t.wireName()).toList();
        this.recallCount = m.recall().count();
        this.lastRecalledAt = m.recall().lastRecalledAt();
        this.derivation = m.derivation() == null ? null
                : new DerivationDto(m.derivation().rule(), m.derivation().rationale(), m.derivation().evidence());
    }
}
