package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.Experiences;
import dev.pmmemory.domain.experience.Experience;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * {@link Experiences} over PostgreSQL, inside the caller's transaction (migration V4). The term
 * finder is native SQL for the array overlap ({@code &&}) that the GIN index on keywords serves,
 * as in {@link PostgresMemories}; the rest are Panache queries.
 */
final class PostgresExperiences implements Experiences {
    private final EntityManager em;

    PostgresExperiences(EntityManager em) {
        this.em = em;
    }

    @Override
    public void insert(Experience experience) {
        em.persist(ExperienceRow.of(experience));
        em.flush(); // a reused id fails here, at the call that made it, as with the other stores
    }

    @Override
    public List<Experience> findSharingTerms(String profileId, Instant asOf, Collection<String> terms) {
        if (terms.isEmpty()) {
            return List.of();
        }
        Query query = em.createNativeQuery("SELECT * FROM experiences WHERE profile_id = :p AND created_at <= :t"
                + " AND keywords && CAST(:terms AS text[])", ExperienceRow.class);
        query.setParameter("p", profileId);
        query.setParameter("t", asOf);
        query.setParameter("terms", new LinkedHashSet<>(terms).toArray(String[]::new));
        @SuppressWarnings("unchecked")
        List<ExperienceRow> rows = query.getResultList();
        return rows.stream().map(ExperienceRow::toExperience).toList();
    }

    @Override
    public List<Experience> newestFirst(String profileId, int limit) {
        return ExperienceRow.<ExperienceRow>find("profileId = ?1 order by createdAt desc, id desc", profileId)
                .page(0, limit).stream().map(ExperienceRow::toExperience).toList();
    }

    @Override
    public long countByProfile(String profileId) {
        return ExperienceRow.count("profileId", profileId);
    }

    @Override
    public int deleteProfile(String profileId) {
        return PostgresDml.run(em, "DELETE FROM experiences WHERE profile_id = :p", java.util.Map.of("p", profileId));
    }
}
