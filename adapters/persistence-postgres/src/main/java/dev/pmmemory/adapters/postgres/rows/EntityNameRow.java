package dev.pmmemory.adapters.postgres.rows;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** One name key of a live registered entity (migration V9): its primary key lets a name belong to one entity. */
@Entity
@Table(name = "entity_names")
public class EntityNameRow extends PanacheEntityBase {
    @Id
    @Column(name = "name_key")
    public String nameKey;
    @Column(name = "entity_key")
    public String entityKey;

    public static EntityNameRow of(String nameKey, String entityKey) {
        EntityNameRow r = new EntityNameRow();
        r.nameKey = nameKey;
        r.entityKey = entityKey;
        return r;
    }
}
