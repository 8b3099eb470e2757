package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.in.AuditKind;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A row of {@code audit_events} (migration V1). Adapter-internal and append-only. The database
 * numbers rows as they are inserted ({@code seq}, an identity column): that is the order events
 * are read back in, whatever their ids and times say.
 */
@Entity
@Table(name = "audit_events")
public class AuditEventRow extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    @Column(name = "seq")
    private Long seq;
    @Column(name = "id", nullable = false, unique = true)
    private String eventId;
    @Column(name = "profile_id", nullable = false)
    private String profileId;
    @Column(name = "memory_id")
    private String memoryId;
    @Column(name = "raw_message_id")
    private String rawMessageId;
    @Column(name = "kind", nullable = false)
    private String kind;
    @Column(name = "detail", nullable = false)
    private String detail;
    @Column(name = "at", nullable = false)
    private Instant at;
    /** Null on rows written before migration V6: read as {@link AuditEvent#SYSTEM}. */
    @Column(name = "actor")
    private String actor;
    @Column(name = "before_state")
    private String before;
    @Column(name = "after_state")
    private String after;

    /** For Hibernate. */
    protected AuditEventRow() {
    }

    static AuditEventRow of(AuditEvent e) {
        AuditEventRow row = new AuditEventRow();
        row.eventId = e.id();
        row.profileId = e.profileId();
        row.memoryId = e.memoryId();
        row.rawMessageId = e.rawMessageId();
        row.kind = e.kind().wireName();
        row.detail = e.detail();
        row.at = Times.stored(e.at());
        row.actor = e.actor();
        row.before = e.before();
        row.after = e.after();
        return row;
    }

    AuditEvent toAuditEvent() {
        return new AuditEvent(eventId, profileId, memoryId, rawMessageId, AuditKind.fromWireName(kind), detail, at,
                actor == null ? AuditEvent.SYSTEM : actor, before, after);
    }
}
