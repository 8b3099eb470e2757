package dev.pmmemory.application.port.in;

import dev.pmmemory.application.model.AuditKind;

import java.time.Instant;
import java.util.Objects;

/**
 * One state change, never rewritten. {@code detail} is short machine-readable text
 * ("weight=3", "entities=anthropic by=…") and never carries message content.
 *
 * @param memoryId     null for events about a raw message only
 * @param rawMessageId null for changes not caused by a message
 * @param actor        who made the change: an API key's name, {@code local} (a caller without keys) or
 *                     {@link #SYSTEM} (the service acting on its own: jobs, re-derivations; also every event
 *                     stored before actors were recorded)
 * @param before       the changed fields before the change, as a small JSON object, or null
 * @param after        the changed fields after the change, as a small JSON object, or null
 * @param agent        the agent that called on the actor's key (an MCP client's name and version, or an
 *                     {@code x-agent-id} header), or null when none was named
 */
public record AuditEvent(String id, String profileId, String memoryId, String rawMessageId, AuditKind kind,
                         String detail, Instant at, String actor, String before, String after, String agent) {
    public static final String SYSTEM = "system";
    /**
     * The audit "profile" of the deployment-wide entity registry; its events carry the entity's key as
     * their memory id. No profile can have this id ('~' is not allowed in one), so no profile's audit,
     * export or erase ever sees or touches these events.
     */
    public static final String REGISTRY = "~registry";

    public AuditEvent {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(profileId, "profileId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(actor, "actor");
    }

    /** An event no agent is named for. */
    public AuditEvent(String id, String profileId, String memoryId, String rawMessageId, AuditKind kind,
                      String detail, Instant at, String actor, String before, String after) {
        this(id, profileId, memoryId, rawMessageId, kind, detail, at, actor, before, after, null);
    }

    /** An event of the service acting on its own: actor {@link #SYSTEM}, no before/after, no agent. */
    public AuditEvent(String id, String profileId, String memoryId, String rawMessageId, AuditKind kind,
                      String detail, Instant at) {
        this(id, profileId, memoryId, rawMessageId, kind, detail, at, SYSTEM, null, null);
    }
}
