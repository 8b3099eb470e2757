package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.MemoryDetail;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.in.RawMessage;
import com.fasterxml.jackson.annotation.JsonRawValue;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One memory with its source raw messages, its version chain and its audit events. */
@RegisterForReflection
@Schema(name = "MemoryDetail")
public class MemoryDetailResponse extends MemoryDto {
    public final List<RawMessageDto> sourceMessages;
    @Schema(description = "the version chain, oldest first: what it superseded, itself, what superseded it")
    public final List<MemoryDto> versions;
    @Schema(description = "the version chain's links, oldest first: each takeover of entities touching this memory")
    public final List<SupersessionDto> supersessions;
    public final List<AuditEventDto> auditEvents;
    @Schema(nullable = true, description = "the summary memory the compact job folded this memory into")
    public final String summarizedBy;
    @Schema(description = "for a summary: ids of the memories it folded that are not yet purged, by id; "
            + "empty for any other memory")
    public final List<String> summarizes;

    public MemoryDetailResponse(MemoryDetail d) {
        super(d.memory());
        this.sourceMessages = d.sourceMessages().stream().map(RawMessageDto::of).toList();
        this.versions = d.versions().stream().map(MemoryDto::new).toList();
        this.supersessions = d.links().stream().map(SupersessionDto::of).toList();
        this.auditEvents = d.events().stream().map(AuditEventDto::of).toList();
        this.summarizedBy = d.summarizedBy();
        this.summarizes = d.summarizes();
    }

    @RegisterForReflection
    @Schema(name = "Supersession", description = "memory by_id took entities over from memory superseded_id at `at`;"
            + " whole: that left superseded_id no entity (it became superseded); a fold (two memories found to be"
            + " one) is whole with no entities")
    public record SupersessionDto(String supersededId, String byId, List<String> entities, Instant at,
                                  boolean whole) {
        static SupersessionDto of(MemoryDetail.VersionLink l) {
            return new SupersessionDto(l.supersededId(), l.byId(), l.entityKeys().stream().sorted().toList(), l.at(),
                    l.whole());
        }
    }

    @RegisterForReflection
    @Schema(name = "RawMessage")
    public record RawMessageDto(String id, String messageId, String sessionId,
                                @Schema(enumeration = {"explicit", "inferred", "bot"}) String source, String content,
                                Instant createdAt, Instant receivedAt,
                                @Schema(enumeration = {"created", "deduplicated", "pending", "unclassified"})
                                String outcome, List<String> redactions,
                                @Schema(nullable = true, description = "the memory it created or reinforced")
                                String memoryId) {
        static RawMessageDto of(RawMessage m) {
            return new RawMessageDto(m.id(), m.messageId(), m.sessionId(), m.source().wireName(), m.content(),
                    m.createdAt(), m.receivedAt(), m.outcome().wireName(), m.redactions(), m.memoryId());
        }
    }

    @RegisterForReflection
    @Schema(name = "AuditEvent")
    public record AuditEventDto(String id, String memoryId, String rawMessageId,
                                @Schema(description = "what happened: one of the listed kinds") String kind,
                                String detail,
                                Instant at,
                                @Schema(description = "an API key's name, local (no keys configured) or system "
                                        + "(the service acting on its own: jobs, re-derivations; and every event "
                                        + "stored before its actor was recorded)")
                                String actor,
                                @Schema(nullable = true, description = "the agent that used the key: an MCP "
                                        + "client's name and version, or the request's x-agent-id header; null "
                                        + "when none was named")
                                String agent,
                                @Schema(type = SchemaType.OBJECT, nullable = true,
                                        description = "the changed fields before the change")
                                @JsonRawValue String before,
                                @Schema(type = SchemaType.OBJECT, nullable = true,
                                        description = "the changed fields after the change")
                                @JsonRawValue String after) {
        static AuditEventDto of(AuditEvent e) {
            return new AuditEventDto(e.id(), e.memoryId(), e.rawMessageId(), e.kind().wireName(), e.detail(), e.at(),
                    e.actor(), e.agent(), e.before(), e.after());
        }
    }
}
