package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.Experiences;
import dev.pmmemory.domain.experience.Experience;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * {@link Experiences} over PostgreSQL (migration V4), on the connection of the caller's
 * transaction. The term finder uses the array overlap ({@code &&}) that the GIN index on keywords
 * serves, as in {@link PostgresMemories}.
 */
final class PostgresExperiences implements Experiences {
    private final Connection c;

    PostgresExperiences(Connection c) {
        this.c = c;
    }

    @Override
    public void insert(Experience e) {
        // a reused id fails here, at the call that made it, as with the other stores
        PgSql.update(c, "INSERT INTO experiences (id, profile_id, task, outcome, lesson, importance, keywords, created_at)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", e.id(), e.profileId(), e.task(), e.outcome(), e.lesson(),
                e.importance(), e.keywords().toArray(String[]::new), Times.stored(e.createdAt()));
    }

    private static Experience experience(ResultSet rs) throws SQLException {
        return new Experience(rs.getString("id"), rs.getString("profile_id"), rs.getString("task"),
                rs.getString("outcome"), rs.getString("lesson"), rs.getDouble("importance"), PgSql.texts(rs, "keywords"),
                PgSql.instant(rs, "created_at"));
    }

    @Override
    public List<Experience> findSharingTerms(String profileId, Instant asOf, Collection<String> terms) {
        if (terms.isEmpty()) {
            return List.of();
        }
        return PgSql.query(c, "SELECT * FROM experiences WHERE profile_id = ? AND created_at <= ?"
                + " AND keywords && CAST(? AS text[])", PostgresExperiences::experience, profileId, asOf,
                PgSql.distinct(terms));
    }

    @Override
    public List<Experience> newestFirst(String profileId, int limit) {
        return PgSql.query(c, "SELECT * FROM experiences WHERE profile_id = ? ORDER BY created_at DESC, id DESC LIMIT ?",
                PostgresExperiences::experience, profileId, limit);
    }

    @Override
    public long countByProfile(String profileId) {
        return PgSql.count(c, "SELECT COUNT(*) FROM experiences WHERE profile_id = ?", profileId);
    }

    @Override
    public int deleteProfile(String profileId) {
        return PgSql.update(c, "DELETE FROM experiences WHERE profile_id = ?", profileId);
    }
}
