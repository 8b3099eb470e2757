package dev.pmmemory.adapters.postgres;

import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.util.Map;

/** Bulk native DELETE / UPDATE inside the caller's transaction. */
final class PostgresDml {
    private PostgresDml() {
    }

    /**
     * Runs the statement, then empties the persistence context: rows it changed may be loaded
     * there, and a later read in the same transaction must see the database, not a stale copy.
     * Nothing is lost by clearing: every write of these adapters is flushed when made.
     */
    static int run(EntityManager em, String sql, Map<String, Object> args) {
        em.flush();
        Query query = em.createNativeQuery(sql);
        args.forEach(query::setParameter);
        int changed = query.executeUpdate();
        em.clear();
        return changed;
    }
}
