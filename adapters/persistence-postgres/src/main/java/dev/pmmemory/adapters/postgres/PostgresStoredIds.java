package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.StoredIds;
import jakarta.persistence.EntityManager;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Taken ids, looked up by primary key (or the unique id of audit events). */
final class PostgresStoredIds implements StoredIds {
    // keeps each statement's parameter list small
    private static final int CHUNK = 500;
    private final EntityManager em;

    PostgresStoredIds(EntityManager em) {
        this.em = em;
    }

    @Override
    public Set<String> heldByOtherProfiles(Kind kind, String profileId, Collection<String> ids) {
        String table = switch (kind) {
            case RAW_MESSAGE -> "raw_messages";
            case MEMORY -> "memories";
            case AUDIT_EVENT -> "audit_events";
            case EXPERIENCE -> "experiences";
            case FACT -> "facts";
        };
        List<String> all = new ArrayList<>(new HashSet<>(ids));
        Set<String> held = new HashSet<>();
        for (int from = 0; from < all.size(); from += CHUNK) {
            @SuppressWarnings("unchecked")
            List<Object> rows = em.createNativeQuery("SELECT id FROM " + table
                            + " WHERE id IN (:ids) AND profile_id <> :p")
                    .setParameter("ids", all.subList(from, Math.min(all.size(), from + CHUNK)))
                    .setParameter("p", profileId)
                    .getResultList();
            rows.forEach(r -> held.add(String.valueOf(r)));
        }
        return held;
    }
}
