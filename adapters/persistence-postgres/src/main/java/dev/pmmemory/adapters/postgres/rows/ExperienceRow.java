package dev.pmmemory.adapters.postgres.rows;

import dev.pmmemory.domain.experience.Experience;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A lesson of a finished recommendation round (migration V4); its keywords a text[] under a GIN index. */
@Entity
@Table(name = "experiences")
public class ExperienceRow extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "profile_id")
    public String profileId;
    public String task;
    public String outcome;
    public String lesson;
    public double importance;
    @JdbcTypeCode(SqlTypes.ARRAY)
    public String[] keywords;
    @Column(name = "created_at")
    public Instant createdAt;

    public static ExperienceRow of(Experience e) {
        ExperienceRow r = new ExperienceRow();
        r.id = e.id();
        r.profileId = e.profileId();
        r.task = e.task();
        r.outcome = e.outcome();
        r.lesson = e.lesson();
        r.importance = e.importance();
        r.keywords = e.keywords().toArray(String[]::new);
        r.createdAt = FactRow.millis(e.createdAt());
        return r;
    }

    public Experience experience() {
        return new Experience(id, profileId, task, outcome, lesson, importance, List.of(keywords), createdAt);
    }
}
