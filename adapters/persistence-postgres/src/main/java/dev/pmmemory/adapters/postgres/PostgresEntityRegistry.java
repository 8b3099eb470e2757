package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.EntityRegistry;
import dev.pmmemory.domain.registry.EntityKind;
import dev.pmmemory.domain.registry.RegisteredEntity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import java.time.Instant;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link EntityRegistry} over PostgreSQL, inside the caller's transaction (migration V9), by native
 * SQL: the registry is a handful of small rows, not worth a mapped entity.
 */
final class PostgresEntityRegistry implements EntityRegistry {
    /** U+001F between aliases, as the SQLite store joins list columns. */
    private static final String SEPARATOR = "\u001f";
    private static final String COLUMNS = "e.name, e.aliases, e.kind,"
            + " CAST(EXTRACT(EPOCH FROM e.updated_at) * 1000 AS bigint)";
    private static final String LIVE = " FROM registered_entities e WHERE e.deleted_at IS NULL";

    private final EntityManager em;

    PostgresEntityRegistry(EntityManager em) {
        this.em = em;
    }

    @Override
    public Optional<RegisteredEntity> find(String key) {
        return entities("SELECT " + COLUMNS + LIVE + " AND e.entity_key = :k", Map.of("k", key)).stream().findFirst();
    }

    @Override
    public Optional<RegisteredEntity> findByName(String nameKey) {
        return entities("SELECT " + COLUMNS + " FROM entity_names n JOIN registered_entities e"
                + " ON e.entity_key = n.entity_key WHERE n.name_key = :k AND e.deleted_at IS NULL",
                Map.of("k", nameKey)).stream().findFirst();
    }

    @Override
    public List<RegisteredEntity> all() {
        return entities("SELECT " + COLUMNS + LIVE + " ORDER BY e.entity_key", Map.of());
    }

    @Override
    public List<RegisteredEntity> page(String query, String afterKey, int limit) {
        StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + LIVE);
        Map<String, Object> args = new LinkedHashMap<>();
        if (afterKey != null) {
            sql.append(" AND e.entity_key > :after");
            args.put("after", afterKey);
        }
        if (query != null) {
            // strpos, not LIKE: a '%' or '_' the caller typed is a character, not a wildcard
            sql.append(" AND EXISTS (SELECT 1 FROM entity_names n WHERE n.entity_key = e.entity_key"
                    + " AND strpos(n.name_key, :q) > 0)");
            args.put("q", query);
        }
        sql.append(" ORDER BY e.entity_key LIMIT :n");
        args.put("n", limit);
        return entities(sql.toString(), args);
    }

    @Override
    public void put(RegisteredEntity entity) {
        PostgresDml.run(em, "DELETE FROM entity_names WHERE entity_key = :k", Map.of("k", entity.key()));
        PostgresDml.run(em, "INSERT INTO registered_entities (entity_key, name, aliases, kind, updated_at, deleted_at)"
                + " VALUES (:k, :name, :aliases, :kind, :at, NULL) ON CONFLICT (entity_key) DO UPDATE SET"
                + " name = EXCLUDED.name, aliases = EXCLUDED.aliases, kind = EXCLUDED.kind,"
                + " updated_at = EXCLUDED.updated_at, deleted_at = NULL",
                Map.of("k", entity.key(), "name", entity.name(), "aliases", String.join(SEPARATOR, entity.aliases()),
                        "kind", entity.kind().wireName(), "at", Times.stored(entity.updatedAt())));
        for (String name : entity.nameKeys()) {
            // the primary key refuses a name another live entity holds
            PostgresDml.run(em, "INSERT INTO entity_names (name_key, entity_key) VALUES (:n, :k)",
                    Map.of("n", name, "k", entity.key()));
        }
    }

    @Override
    public boolean delete(String key, Instant at) {
        int changed = PostgresDml.run(em, "UPDATE registered_entities SET deleted_at = :at WHERE entity_key = :k"
                + " AND deleted_at IS NULL", Map.of("at", Times.stored(at), "k", key));
        PostgresDml.run(em, "DELETE FROM entity_names WHERE entity_key = :k", Map.of("k", key));
        return changed == 1;
    }

    @Override
    public boolean known(String key) {
        Number n = (Number) em.createNativeQuery("SELECT COUNT(*) FROM registered_entities WHERE entity_key = :k")
                .setParameter("k", key).getSingleResult();
        return n.longValue() > 0;
    }

    private List<RegisteredEntity> entities(String sql, Map<String, Object> args) {
        Query query = em.createNativeQuery(sql);
        args.forEach(query::setParameter);
        @SuppressWarnings("unchecked")
        List<Object[]> rows = query.getResultList();
        return rows.stream().map(PostgresEntityRegistry::entity).toList();
    }

    private static RegisteredEntity entity(Object[] r) {
        String aliases = (String) r[1];
        return new RegisteredEntity((String) r[0],
                aliases.isEmpty() ? List.of() : Arrays.asList(aliases.split(SEPARATOR, -1)),
                EntityKind.fromWireName((String) r[2]).orElse(EntityKind.OTHER),
                Instant.ofEpochMilli(((Number) r[3]).longValue()));
    }
}
