package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.Facts;
import dev.pmmemory.domain.fact.Fact;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link Facts} over PostgreSQL, inside the caller's transaction (migration V8). The partial unique
 * index {@code facts_open} keeps at most one open version per attribute.
 */
final class PostgresFacts implements Facts {
    private static final String OLDEST_FIRST = "validFrom, recordedAt, id";

    private final EntityManager em;

    PostgresFacts(EntityManager em) {
        this.em = em;
    }

    @Override
    public void insert(Fact fact) {
        em.persist(FactRow.of(fact));
        em.flush(); // a reused id or a second open version fails here, as with the other stores
    }

    @Override
    public void close(String profileId, String factId, Instant validUntil) {
        int changed = PostgresDml.run(em, "UPDATE facts SET valid_until = :t WHERE profile_id = :p AND id = :id"
                + " AND valid_until IS NULL", Map.of("t", Times.stored(validUntil), "p", profileId, "id", factId));
        if (changed != 1) {
            throw new IllegalStateException("no open fact version " + factId);
        }
    }

    @Override
    public Optional<Fact> latest(String profileId, String attribute) {
        Query query = em.createNativeQuery("SELECT * FROM facts f WHERE f.profile_id = :p AND f.attribute = :a"
                + " AND NOT EXISTS (SELECT 1 FROM facts n WHERE n.profile_id = f.profile_id AND n.supersedes = f.id)"
                + " LIMIT 1", FactRow.class);
        query.setParameter("p", profileId);
        query.setParameter("a", attribute);
        @SuppressWarnings("unchecked")
        List<FactRow> rows = query.getResultList();
        return rows.stream().findFirst().map(FactRow::toFact);
    }

    @Override
    public List<Fact> validAt(String profileId, Instant asOf) {
        return FactRow.<FactRow>find("profileId = ?1 and validFrom <= ?2 and (validUntil is null or validUntil > ?2)"
                        + " order by attribute", profileId, asOf)
                .stream().map(FactRow::toFact).toList();
    }

    @Override
    public List<Fact> history(String profileId, String attribute) {
        return FactRow.<FactRow>find("profileId = ?1 and attribute = ?2 order by " + OLDEST_FIRST, profileId,
                attribute).stream().map(FactRow::toFact).toList();
    }

    @Override
    public List<Fact> allVersions(String profileId) {
        return FactRow.<FactRow>find("profileId = ?1 order by attribute, " + OLDEST_FIRST, profileId)
                .stream().map(FactRow::toFact).toList();
    }

    @Override
    public long countByProfile(String profileId) {
        return FactRow.count("profileId", profileId);
    }

    @Override
    public int deleteProfile(String profileId) {
        return PostgresDml.run(em, "DELETE FROM facts WHERE profile_id = :p", Map.of("p", profileId));
    }
}
