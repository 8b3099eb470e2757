package dev.pmmemory.adapters.postgres;

import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Source;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A row of {@code facts} (migration V8), one version of a fact. Adapter-internal. */
@Entity
@Table(name = "facts")
public class FactRow extends PanacheEntityBase {

    @Id
    @Column(name = "id")
    private String id;
    @Column(name = "profile_id", nullable = false)
    private String profileId;
    @Column(name = "attribute", nullable = false)
    private String attribute;
    @Column(name = "value", nullable = false)
    private String value;
    @Column(name = "confidence", nullable = false)
    private double confidence;
    @Column(name = "source", nullable = false)
    private String source;
    @Column(name = "valid_from", nullable = false)
    private Instant validFrom;
    @Column(name = "valid_until")
    private Instant validUntil;
    @Column(name = "supersedes")
    private String supersedes;
    @Column(name = "recorded_at", nullable = false)
    private Instant recordedAt;
    @Column(name = "recorded_by", nullable = false)
    private String recordedBy;

    /** For Hibernate. */
    protected FactRow() {
    }

    static FactRow of(Fact f) {
        FactRow row = new FactRow();
        row.id = f.id();
        row.profileId = f.profileId();
        row.attribute = f.attribute();
        row.value = f.value();
        row.confidence = f.confidence();
        row.source = f.source().wireName();
        row.validFrom = Times.stored(f.validFrom());
        row.validUntil = Times.stored(f.validUntil());
        row.supersedes = f.supersedes();
        row.recordedAt = Times.stored(f.recordedAt());
        row.recordedBy = f.recordedBy();
        return row;
    }

    Fact toFact() {
        return new Fact(id, profileId, attribute, value, confidence, Source.fromWireName(source).orElseThrow(),
                validFrom, validUntil, supersedes, recordedAt, recordedBy);
    }
}
