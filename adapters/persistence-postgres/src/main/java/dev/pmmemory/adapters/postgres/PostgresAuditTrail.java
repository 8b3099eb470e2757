package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.AuditEvent;
import dev.pmmemory.application.port.out.AuditTrail;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.Map;

/** {@link AuditTrail} over PostgreSQL (Panache queries), append-only, inside the caller's transaction. */
final class PostgresAuditTrail implements AuditTrail {
    private final EntityManager em;

    PostgresAuditTrail(EntityManager em) {
        this.em = em;
    }

    @Override
    public void record(AuditEvent event) {
        em.persist(AuditEventRow.of(event)); // an identity key: inserted at once, numbered in this order
    }

    @Override
    public List<AuditEvent> forMemory(String profileId, String memoryId) {
        return AuditEventRow.<AuditEventRow>find("profileId = ?1 and memoryId = ?2 order by seq", profileId, memoryId)
                .stream().map(AuditEventRow::toAuditEvent).toList();
    }

    @Override
    public long countByProfile(String profileId) {
        return AuditEventRow.count("profileId", profileId);
    }

    @Override
    public void scrubMemory(String profileId, String memoryId) {
        PostgresDml.run(em, "UPDATE audit_events SET detail = '' WHERE profile_id = :p AND memory_id = :m",
                Map.of("p", profileId, "m", memoryId));
    }
}
