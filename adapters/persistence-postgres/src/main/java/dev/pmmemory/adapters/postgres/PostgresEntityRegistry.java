package dev.pmmemory.adapters.postgres;

import dev.pmmemory.application.port.out.EntityRegistry;
import dev.pmmemory.domain.registry.EntityKind;
import dev.pmmemory.domain.registry.RegisteredEntity;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link EntityRegistry} over PostgreSQL, inside the caller's transaction (migration V9), by plain
 * SQL: the registry is a handful of small rows, not worth a mapped entity.
 */
final class PostgresEntityRegistry implements EntityRegistry {
    /** U+001F between aliases, as the SQLite store joins list columns. */
    private static final String SEPARATOR = "\u001f";
    private static final String COLUMNS = "e.name, e.aliases, e.kind,"
            + " CAST(EXTRACT(EPOCH FROM e.updated_at) * 1000 AS bigint)";
    private static final String LIVE = " FROM registered_entities e WHERE e.deleted_at IS NULL";

    private final Connection c;

    PostgresEntityRegistry(Connection c) {
        this.c = c;
    }

    @Override
    public Optional<RegisteredEntity> find(String key) {
        return PgSql.first(c, "SELECT " + COLUMNS + LIVE + " AND e.entity_key = ?", PostgresEntityRegistry::entity, key);
    }

    @Override
    public Optional<RegisteredEntity> findByName(String nameKey) {
        return PgSql.first(c, "SELECT " + COLUMNS + " FROM entity_names n JOIN registered_entities e"
                + " ON e.entity_key = n.entity_key WHERE n.name_key = ? AND e.deleted_at IS NULL",
                PostgresEntityRegistry::entity, nameKey);
    }

    @Override
    public List<RegisteredEntity> all() {
        return PgSql.query(c, "SELECT " + COLUMNS + LIVE + " ORDER BY e.entity_key", PostgresEntityRegistry::entity);
    }

    @Override
    public List<RegisteredEntity> page(String query, String afterKey, int limit) {
        StringBuilder sql = new StringBuilder("SELECT " + COLUMNS + LIVE);
        List<Object> args = new ArrayList<>();
        if (afterKey != null) {
            sql.append(" AND e.entity_key > ?");
            args.add(afterKey);
        }
        if (query != null) {
            // strpos, not LIKE: a '%' or '_' the caller typed is a character, not a wildcard
            sql.append(" AND EXISTS (SELECT 1 FROM entity_names n WHERE n.entity_key = e.entity_key"
                    + " AND strpos(n.name_key, ?) > 0)");
            args.add(query);
        }
        sql.append(" ORDER BY e.entity_key LIMIT ?");
        args.add(limit);
        return PgSql.query(c, sql.toString(), PostgresEntityRegistry::entity, args.toArray());
    }

    @Override
    public void put(RegisteredEntity entity) {
        PgSql.update(c, "DELETE FROM entity_names WHERE entity_key = ?", entity.key());
        PgSql.update(c, "INSERT INTO registered_entities (entity_key, name, aliases, kind, updated_at, deleted_at)"
                + " VALUES (?, ?, ?, ?, ?, NULL) ON CONFLICT (entity_key) DO UPDATE SET"
                + " name = EXCLUDED.name, aliases = EXCLUDED.aliases, kind = EXCLUDED.kind,"
                + " updated_at = EXCLUDED.updated_at, deleted_at = NULL",
                entity.key(), entity.name(), String.join(SEPARATOR, entity.aliases()), entity.kind().wireName(),
                Times.stored(entity.updatedAt()));
        for (String name : entity.nameKeys()) {
            // the primary key refuses a name another live entity holds
            PgSql.update(c, "INSERT INTO entity_names (name_key, entity_key) VALUES (?, ?)", name, entity.key());
        }
    }

    @Override
    public boolean delete(String key, Instant at) {
        int changed = PgSql.update(c, "UPDATE registered_entities SET deleted_at = ? WHERE entity_key = ?"
                + " AND deleted_at IS NULL", Times.stored(at), key);
        PgSql.update(c, "DELETE FROM entity_names WHERE entity_key = ?", key);
        return changed == 1;
    }

    @Override
    public boolean known(String key) {
        return PgSql.count(c, "SELECT COUNT(*) FROM registered_entities WHERE entity_key = ?", key) > 0;
    }

    @Override
    public boolean empty() {
        return PgSql.count(c, "SELECT COUNT(*) FROM (SELECT 1 FROM registered_entities LIMIT 1) AS any_entity") == 0;
    }

    private static RegisteredEntity entity(ResultSet r) throws SQLException {
        String aliases = r.getString(2);
        return new RegisteredEntity(r.getString(1),
                aliases.isEmpty() ? List.of() : Arrays.asList(aliases.split(SEPARATOR, -1)),
                EntityKind.fromWireName(r.getString(3)).orElse(EntityKind.OTHER),
                Instant.ofEpochMilli(r.getLong(4)));
    }
}
