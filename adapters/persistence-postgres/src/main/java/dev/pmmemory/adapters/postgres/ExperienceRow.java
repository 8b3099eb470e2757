package dev.pmmemory.adapters.postgres;

import dev.pmmemory.domain.experience.Experience;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;

/** A row of {@code experiences} (migration V4). Adapter-internal; written once, never updated. */
@Entity
@Table(name = "experiences")
public class ExperienceRow extends PanacheEntityBase {

    @Id
    @Column(name = "id")
    private String id;
    @Column(name = "profile_id", nullable = false)
    private String profileId;
    @Column(name = "task", nullable = false)
    private String task;
    @Column(name = "outcome", nullable = false)
    private String outcome;
    @Column(name = "lesson", nullable = false)
    private String lesson;
    @Column(name = "importance", nullable = false)
    private double importance;
    @Column(name = "keywords", nullable = false)
    private String[] keywords;
    @Column(name = "created_at", nullable = false)
    private Instant createdAt;

    /** For Hibernate. */
    protected ExperienceRow() {
    }

    static ExperienceRow of(Experience e) {
        ExperienceRow row = new ExperienceRow();
        row.id = e.id();
        row.profileId = e.profileId();
        row.task = e.task();
        row.outcome = e.outcome();
        row.lesson = e.lesson();
        row.importance = e.importance();
        row.keywords = e.keywords().toArray(String[]::new);
        row.createdAt = Times.stored(e.createdAt());
        return row;
    }

    Experience toExperience() {
        return new Experience(id, profileId, task, outcome, lesson, importance, List.of(keywords), createdAt);
    }
}
