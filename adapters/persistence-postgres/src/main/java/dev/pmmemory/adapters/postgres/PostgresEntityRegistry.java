package dev.pmmemory.adapters.postgres;

import dev.pmmemory.adapters.postgres.rows.EntityNameRow;
import dev.pmmemory.adapters.postgres.rows.RegisteredEntityRow;
import dev.pmmemory.application.port.out.EntityRegistry;
import dev.pmmemory.domain.registry.RegisteredEntity;
import io.quarkus.panache.common.Page;
import io.quarkus.panache.common.Parameters;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * {@link EntityRegistry} over PostgreSQL (migration V9), as mapped rows of the caller's transaction. Each
 * write is flushed at once, so a name another live entity holds (the primary key of entity_names) fails at
 * the call that claimed it.
 */
final class PostgresEntityRegistry implements EntityRegistry {
    private static final String LIVE = "deletedAt is null";

    @Override
    public Optional<RegisteredEntity> find(String key) {
        return RegisteredEntityRow.<RegisteredEntityRow>find("entityKey = ?1 and " + LIVE, key).firstResultOptional()
                .map(RegisteredEntityRow::entity);
    }

    @Override
    public Optional<RegisteredEntity> findByName(String nameKey) {
        return RegisteredEntityRow.<RegisteredEntityRow>find("from RegisteredEntityRow e where e." + LIVE
                        + " and e.entityKey = (select n.entityKey from EntityNameRow n where n.nameKey = ?1)", nameKey)
                .firstResultOptional().map(RegisteredEntityRow::entity);
    }

    @Override
    public List<RegisteredEntity> all() {
        return entities(RegisteredEntityRow.list(LIVE + " order by entityKey"));
    }

    @Override
    public List<RegisteredEntity> page(String query, String afterKey, int limit) {
        StringBuilder where = new StringBuilder("from RegisteredEntityRow e where e." + LIVE);
        Parameters params = new Parameters();
        if (afterKey != null) {
            where.append(" and e.entityKey > :after");
            params.and("after", afterKey);
        }
        if (query != null) {
            // locate, not like: a '%' or '_' the caller typed is a character, not a wildcard
            where.append(" and exists (select 1 from EntityNameRow n where n.entityKey = e.entityKey"
                    + " and locate(:query, n.nameKey) > 0)");
            params.and("query", query);
        }
        return entities(RegisteredEntityRow.<RegisteredEntityRow>find(where + " order by e.entityKey", params)
                .page(Page.ofSize(limit)).list());
    }

    @Override
    public void insert(RegisteredEntity entity) {
        RegisteredEntityRow row = new RegisteredEntityRow();
        row.set(entity);
        row.persistAndFlush();
        insertNames(entity);
    }

    @Override
    public void replace(RegisteredEntity entity) {
        RegisteredEntityRow row = RegisteredEntityRow.findById(entity.key());
        if (row == null) {
            throw new IllegalStateException("no entity " + entity.key() + " to replace");
        }
        EntityNameRow.delete("entityKey", entity.key());
        row.set(entity);
        insertNames(entity);
    }

    private static void insertNames(RegisteredEntity entity) {
        for (String name : entity.nameKeys()) {
            EntityNameRow.of(name, entity.key()).persist();
        }
        EntityNameRow.flush();
    }

    @Override
    public boolean delete(String key, Instant at) {
        int changed = RegisteredEntityRow.update("deletedAt = ?1 where entityKey = ?2 and " + LIVE,
                at.truncatedTo(ChronoUnit.MILLIS), key);
        EntityNameRow.delete("entityKey", key);
        return changed == 1;
    }

    @Override
    public boolean known(String key) {
        return RegisteredEntityRow.count("entityKey", key) > 0;
    }

    @Override
    public boolean empty() {
        return RegisteredEntityRow.findAll().firstResultOptional().isEmpty();
    }

    private static List<RegisteredEntity> entities(List<RegisteredEntityRow> rows) {
        return rows.stream().map(RegisteredEntityRow::entity).toList();
    }
}
