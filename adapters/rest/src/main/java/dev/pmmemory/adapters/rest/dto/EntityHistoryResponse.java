package dev.pmmemory.adapters.rest.dto;

import dev.pmmemory.application.port.in.EntityHistory;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Every memory about an entity, oldest first, with its status changes. */
@RegisterForReflection
@Schema(name = "EntityHistory")
public record EntityHistoryResponse(String entity, List<Item> items) {

    public static EntityHistoryResponse of(EntityHistory h) {
        return new EntityHistoryResponse(h.entity(), h.entries().stream().map(Item::new).toList());
    }

    /** A memory with its status changes, oldest first. */
    @RegisterForReflection
    @Schema(name = "EntityHistoryItem")
    public static class Item extends MemoryDto {
        public final List<StatusChangeDto> statusChanges;

        Item(EntityHistory.Entry e) {
            super(e.memory());
            this.statusChanges = e.changes().stream().map(StatusChangeDto::of).toList();
        }
    }

    @RegisterForReflection
    @Schema(name = "StatusChange")
    public record StatusChangeDto(
            @Schema(enumeration = {"active", "expired", "superseded", "pending", "rejected", "deleted"}) String status,
            Instant at,
            @Schema(nullable = true, description = "the audit event kind; null for an expiry read from expires_at")
            String event,
            String actor) {
        static StatusChangeDto of(EntityHistory.StatusChange c) {
            return new StatusChangeDto(c.status().wireName(), c.at(), c.event() == null ? null : c.event().wireName(),
                    c.actor());
        }
    }
}
