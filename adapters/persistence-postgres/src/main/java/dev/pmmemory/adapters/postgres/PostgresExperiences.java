package dev.pmmemory.adapters.postgres;

import dev.pmmemory.adapters.postgres.rows.ExperienceRow;
import dev.pmmemory.application.port.out.Experiences;
import dev.pmmemory.domain.experience.Experience;
import io.quarkus.panache.common.Page;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * {@link Experiences} over PostgreSQL (migration V4), as mapped rows of the caller's transaction. The term
 * finder is an array overlap ({@code &&}) that the GIN index on keywords serves.
 */
final class PostgresExperiences implements Experiences {

    @Override
    public void insert(Experience e) {
        // a reused id fails here, at the call that made it, as with the other stores
        ExperienceRow.of(e).persistAndFlush();
    }

    @Override
    public List<Experience> findSharingTerms(String profileId, Instant asOf, Collection<String> terms) {
        if (terms.isEmpty()) {
            return List.of();
        }
        // native: the overlap must compare text[] with text[] for the GIN index (a bound String[] is varchar[])
        @SuppressWarnings("unchecked")
        List<ExperienceRow> rows = ExperienceRow.getEntityManager().createNativeQuery("SELECT * FROM experiences"
                        + " WHERE profile_id = ?1 AND created_at <= ?2 AND keywords && CAST(?3 AS text[])", ExperienceRow.class)
                .setParameter(1, profileId).setParameter(2, asOf)
                .setParameter(3, new LinkedHashSet<>(terms).toArray(String[]::new)).getResultList();
        return experiences(rows);
    }

    @Override
    public List<Experience> newestFirst(String profileId, int limit) {
        return experiences(ExperienceRow.<ExperienceRow>find("profileId = ?1 order by createdAt desc, id desc", profileId)
                .page(Page.ofSize(limit)).list());
    }

    @Override
    public long countByProfile(String profileId) {
        return ExperienceRow.count("profileId", profileId);
    }

    @Override
    public int deleteProfile(String profileId) {
        return (int) ExperienceRow.delete("profileId", profileId);
    }

    private static List<Experience> experiences(List<ExperienceRow> rows) {
        return rows.stream().map(ExperienceRow::experience).toList();
    }
}
