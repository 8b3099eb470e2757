package dev.pmmemory.adapters.postgres.rows;

import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Source;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** One version of a structured fact (migration V8). */
@Entity
@Table(name = "facts")
public class FactRow extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "profile_id")
    public String profileId;
    public String attribute;
    public String value;
    public double confidence;
    public String source;
    @Column(name = "valid_from")
    public Instant validFrom;
    @Column(name = "valid_until")
    public Instant validUntil;
    public String supersedes;
    @Column(name = "recorded_at")
    public Instant recordedAt;
    @Column(name = "recorded_by")
    public String recordedBy;

    public static FactRow of(Fact f) {
        FactRow r = new FactRow();
        r.id = f.id();
        r.profileId = f.profileId();
        r.attribute = f.attribute();
        r.value = f.value();
        r.confidence = f.confidence();
        r.source = f.source().wireName();
        r.validFrom = millis(f.validFrom());
        r.validUntil = millis(f.validUntil());
        r.supersedes = f.supersedes();
        r.recordedAt = millis(f.recordedAt());
        r.recordedBy = f.recordedBy();
        return r;
    }

    public Fact fact() {
        return new Fact(id, profileId, attribute, value, confidence, Source.fromWireName(source).orElseThrow(),
                validFrom, validUntil, supersedes, recordedAt, recordedBy);
    }

    /** Instants as every store keeps them: milliseconds (timestamptz would keep microseconds). */
    static Instant millis(Instant t) {
        return t == null ? null : t.truncatedTo(ChronoUnit.MILLIS);
    }
}
