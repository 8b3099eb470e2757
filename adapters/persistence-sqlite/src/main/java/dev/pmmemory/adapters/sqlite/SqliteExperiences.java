package dev.pmmemory.adapters.sqlite;

import dev.pmmemory.adapters.jdbc.Codec;
import dev.pmmemory.adapters.jdbc.Sql;
import dev.pmmemory.adapters.jdbc.Statements;

import static dev.pmmemory.adapters.jdbc.Codec.getInstant;
import static dev.pmmemory.adapters.jdbc.Codec.join;
import static dev.pmmemory.adapters.jdbc.Codec.placeholders;
import static dev.pmmemory.adapters.jdbc.Codec.setInstant;
import static dev.pmmemory.adapters.jdbc.Codec.split;

import dev.pmmemory.application.port.out.Experiences;
import dev.pmmemory.domain.experience.Experience;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * {@link Experiences} over one SQLite connection, inside the caller's transaction (migration 4).
 * Each keyword is also a row of {@code experience_terms}, so recall reads the experiences sharing
 * a query term through an index, as {@link SqliteMemories} does with {@code memory_terms}.
 */
final class SqliteExperiences implements Experiences {
    private static final String COLUMNS = "id, profile_id, task, outcome, lesson, importance, keywords, created_at";

    private final Sql sql;

    SqliteExperiences(Sql sql) {
        this.sql = sql;
    }

    @Override
    public void insert(Experience e) {
        sql.run(s -> {
            try (Statements.Lease lease = s.prepare("INSERT INTO experiences (" + COLUMNS
                    + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
                PreparedStatement ps = lease.statement();
                ps.setString(1, e.id());
                ps.setString(2, e.profileId());
                ps.setString(3, e.task());
                ps.setString(4, e.outcome());
                ps.setString(5, e.lesson());
                ps.setDouble(6, e.importance());
                ps.setString(7, join(e.keywords()));
                setInstant(ps, 8, e.createdAt());
                ps.executeUpdate();
            }
            try (Statements.Lease lease = s.prepare(
                    "INSERT INTO experience_terms (experience_id, profile_id, term) VALUES (?, ?, ?)")) {
                PreparedStatement ps = lease.statement();
                for (String term : new LinkedHashSet<>(e.keywords())) {
                    ps.setString(1, e.id());
                    ps.setString(2, e.profileId());
                    ps.setString(3, term);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
    }

    @Override
    public List<Experience> findSharingTerms(String profileId, Instant asOf, Collection<String> terms) {
        if (terms.isEmpty()) {
            return List.of();
        }
        List<Object> args = new ArrayList<>(List.of(profileId, asOf.toEpochMilli(), profileId));
        args.addAll(new LinkedHashSet<>(terms));
        return sql.query("SELECT " + COLUMNS + " FROM experiences WHERE profile_id = ? AND created_at <= ?"
                        + " AND id IN (SELECT experience_id FROM experience_terms WHERE profile_id = ? AND term IN ("
                        + placeholders(args.size() - 3) + "))",
                SqliteExperiences::read, args.toArray());
    }

    @Override
    public List<Experience> newestFirst(String profileId, int limit) {
        return sql.query("SELECT " + COLUMNS + " FROM experiences WHERE profile_id = ?"
                + " ORDER BY created_at DESC, id DESC LIMIT ?", SqliteExperiences::read, profileId, limit);
    }

    @Override
    public int deleteProfile(String profileId) {
        // experience_terms follow by ON DELETE CASCADE (foreign keys are on)
        return sql.update("DELETE FROM experiences WHERE profile_id = ?", profileId);
    }

    @Override
    public long countByProfile(String profileId) {
        return sql.count("SELECT COUNT(*) FROM experiences WHERE profile_id = ?", profileId);
    }

    private static Experience read(ResultSet rs) throws SQLException {
        return new Experience(
                rs.getString("id"),
                rs.getString("profile_id"),
                rs.getString("task"),
                rs.getString("outcome"),
                rs.getString("lesson"),
                rs.getDouble("importance"),
                split(rs.getString("keywords")),
                getInstant(rs, "created_at"));
    }
}
