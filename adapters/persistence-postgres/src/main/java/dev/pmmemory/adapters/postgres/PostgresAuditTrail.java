package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.out.AuditTrail;
import jakarta.persistence.EntityManager;
import java.util.HashMap;
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
        AuditEventRow row = AuditEventRow.of(event);
        em.persist(row); // an identity key: inserted at once, numbered in this order
        em.detach(row); // written: keep the persistence context small (see PostgresMemories.insert)
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
        PostgresDml.run(em, "UPDATE audit_events SET detail = '', before_state = NULL, after_state = NULL"
                + " WHERE profile_id = :p AND memory_id = :m",
                Map.of("p", profileId, "m", memoryId));
    }

    @Override
    public int scrubProfile(String profileId) {
        return PostgresDml.run(em, "UPDATE audit_events SET detail = '', before_state = NULL, after_state = NULL"
                + " WHERE profile_id = :p", Map.of("p", profileId));
    }

    @Override
    public void restore(AuditEvent e) {
        Map<String, Object> args = new HashMap<>();
        args.put("detail", e.detail());
        args.put("actor", e.actor());
        args.put("before", e.before());
        args.put("after", e.after());
        args.put("p", e.profileId());
        args.put("id", e.id());
        int restored = PostgresDml.run(em, "UPDATE audit_events SET detail = :detail, actor = :actor,"
                + " before_state = CAST(:before AS text), after_state = CAST(:after AS text)"
                + " WHERE profile_id = :p AND id = :id", args);
        if (restored == 0) {
            record(e);
        }
    }

    @Override
    public List<AuditEvent> newestFirst(String profileId, String memoryId, String afterEventId, int limit) {
        StringBuilder q = new StringBuilder("profileId = :p");
        Map<String, Object> args = new HashMap<>();
        args.put("p", profileId);
        if (memoryId != null) {
            q.append(" and memoryId = :m");
            args.put("m", memoryId);
        }
        if (afterEventId != null) {
            // an id the profile does not have: the subquery is empty and no row is older
            q.append(" and seq < (select a.seq from AuditEventRow a where a.profileId = :p and a.eventId = :after)");
            args.put("after", afterEventId);
        }
        q.append(" order by seq desc");
        return AuditEventRow.<AuditEventRow>find(q.toString(), args).page(0, limit).list().stream()
                .map(AuditEventRow::toAuditEvent).toList();
    }
}
