package dev.pmmemory.adapters.postgres.rows;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/** One scheduled run of a job (migration V5): its primary key lets one instance claim a period. */
@Entity
@Table(name = "job_runs")
@IdClass(JobRunRow.Key.class)
public class JobRunRow extends PanacheEntityBase {
    @Id
    public String job;
    @Id
    @Column(name = "period_start")
    public Instant periodStart;

    public static JobRunRow of(String job, Instant periodStart) {
        JobRunRow r = new JobRunRow();
        r.job = job;
        r.periodStart = periodStart;
        return r;
    }

    /** The primary key (job, period_start). */
    public static class Key implements Serializable {
        public String job;
        public Instant periodStart;

        public Key() {
        }

        public Key(String job, Instant periodStart) {
            this.job = job;
            this.periodStart = periodStart;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(job, k.job) && Objects.equals(periodStart, k.periodStart);
        }

        @Override
        public int hashCode() {
            return Objects.hash(job, periodStart);
        }
    }
}
