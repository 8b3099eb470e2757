package dev.pmmemory.application.port.in;

/** A profile's audit events, newest first, cursor-paged; optionally those of one memory. */
public interface ReadAuditTrail {
    /** @throws dev.pmmemory.application.NotFoundException unknown profile, or a memory_id it does not have */
    AuditPage read(AuditQuery query);
}
