package dev.pmmemory.adapters.postgres.rows;

import dev.pmmemory.domain.registry.EntityKind;
import dev.pmmemory.domain.registry.RegisteredEntity;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * An entity of the deployment-wide registry (migration V9); a deleted one stays as a tombstone
 * ({@code deletedAt}) so that seeding from the shipped dictionary never brings it back.
 */
@Entity
@Table(name = "registered_entities")
public class RegisteredEntityRow extends PanacheEntityBase {
    /** Between aliases, as every store joins list values: a control character no name may hold. */
    private static final String SEPARATOR = "\u001f";

    @Id
    @Column(name = "entity_key")
    public String entityKey;
    public String name;
    public String aliases;
    public String kind;
    @Column(name = "updated_at")
    public Instant updatedAt;
    @Column(name = "deleted_at")
    public Instant deletedAt;

    /** Takes the entity's values, live again (a tombstone comes back). */
    public void set(RegisteredEntity e) {
        entityKey = e.key();
        name = e.name();
        aliases = String.join(SEPARATOR, e.aliases());
        kind = e.kind().wireName();
        updatedAt = FactRow.millis(e.updatedAt());
        deletedAt = null;
    }

    public RegisteredEntity entity() {
        return new RegisteredEntity(name, aliases.isEmpty() ? List.of() : Arrays.asList(aliases.split(SEPARATOR, -1)),
                EntityKind.fromWireName(kind).orElse(EntityKind.OTHER), updatedAt);
    }
}
