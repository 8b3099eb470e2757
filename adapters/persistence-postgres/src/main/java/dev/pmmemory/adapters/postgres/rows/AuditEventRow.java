package dev.pmmemory.adapters.postgres.rows;

import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * One audit event (migrations V1, V6, V12), as read and scrubbed; events are inserted with native SQL
 * ({@code PostgresAuditTrail.record}). The database numbers rows as they are inserted ({@code seq}, an
 * identity column): that is the order events are read back in, whatever their ids and times say.
 */
@Entity
@Table(name = "audit_events")
public class AuditEventRow extends PanacheEntityBase {
    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long seq;
    public String id;
    @Column(name = "profile_id")
    public String profileId;
    @Column(name = "memory_id")
    public String memoryId;
    @Column(name = "raw_message_id")
    public String rawMessageId;
    public String kind;
    public String detail;
    public Instant at;
    public String actor;
    @Column(name = "before_state")
    public String beforeState;
    @Column(name = "after_state")
    public String afterState;
    public String agent;

    /** actor is null on rows written before migration V6: read as {@link AuditEvent#SYSTEM}. */
    public AuditEvent event() {
        return new AuditEvent(id, profileId, memoryId, rawMessageId, AuditKind.fromWireName(kind), detail, at,
                actor == null ? AuditEvent.SYSTEM : actor, beforeState, afterState, agent);
    }
}
