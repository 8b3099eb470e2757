package dev.pmmemory.adapters.jdbc;

import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.out.AssociatedData;
import dev.pmmemory.application.port.out.FieldProtection;
import dev.pmmemory.domain.fact.Fact;

/**
 * The columns each store seals, in one place so both stores seal the same ones the same way. An empty value
 * stays empty (scrubbed audit details, memories without a list): that a column is empty is not protected, and
 * queries that test for emptiness keep working.
 */
public final class Sealing {
    private Sealing() {
    }

    public static String seal(FieldProtection p, String value, AssociatedData where) {
        return value == null || value.isEmpty() ? value : p.seal(value, where);
    }

    public static String open(FieldProtection p, String stored, AssociatedData where) {
        return stored == null || stored.isEmpty() ? stored : p.open(stored, where);
    }

    /** An audit event as stored: its detail, before and after sealed to its row. */
    public static AuditEvent sealed(FieldProtection p, AuditEvent e) {
        return new AuditEvent(e.id(), e.profileId(), e.memoryId(), e.rawMessageId(), e.kind(),
                seal(p, e.detail(), audit(e, "detail")), e.at(), e.actor(), seal(p, e.before(), audit(e, "before_state")),
                seal(p, e.after(), audit(e, "after_state")), e.agent());
    }

    public static AuditEvent opened(FieldProtection p, AuditEvent e) {
        return new AuditEvent(e.id(), e.profileId(), e.memoryId(), e.rawMessageId(), e.kind(),
                open(p, e.detail(), audit(e, "detail")), e.at(), e.actor(), open(p, e.before(), audit(e, "before_state")),
                open(p, e.after(), audit(e, "after_state")), e.agent());
    }

    /** A fact version as stored: its value sealed to its row. */
    public static Fact sealed(FieldProtection p, Fact f) {
        return new Fact(f.id(), f.profileId(), f.attribute(), seal(p, f.value(), fact(f)), f.confidence(), f.source(),
                f.validFrom(), f.validUntil(), f.supersedes(), f.recordedAt(), f.recordedBy());
    }

    public static Fact opened(FieldProtection p, Fact f) {
        return new Fact(f.id(), f.profileId(), f.attribute(), open(p, f.value(), fact(f)), f.confidence(), f.source(),
                f.validFrom(), f.validUntil(), f.supersedes(), f.recordedAt(), f.recordedBy());
    }

    private static AssociatedData audit(AuditEvent e, String column) {
        return new AssociatedData("audit_events", column, e.id(), e.profileId());
    }

    private static AssociatedData fact(Fact f) {
        return new AssociatedData("facts", "value", f.id(), f.profileId());
    }
}
