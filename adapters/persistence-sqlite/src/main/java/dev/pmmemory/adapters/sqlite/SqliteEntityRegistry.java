package dev.pmmemory.adapters.sqlite;

import dev.pmmemory.adapters.jdbc.Codec;
import dev.pmmemory.adapters.jdbc.Sql;
import dev.pmmemory.adapters.jdbc.Statements;

import dev.pmmemory.application.port.out.EntityRegistry;
import dev.pmmemory.domain.registry.EntityKind;
import dev.pmmemory.domain.registry.RegisteredEntity;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@link EntityRegistry} over one SQLite connection, inside the caller's transaction (migration 9).
 * Keys compare as bytes (SQLite's default BINARY collation), the order PostgreSQL's {@code "C"} gives.
 */
final class SqliteEntityRegistry implements EntityRegistry {
    private static final String COLUMNS = "e.entity_key, e.name, e.aliases, e.kind, e.updated_at";
    private static final String LIVE = " FROM registered_entities e WHERE e.deleted_at IS NULL";

    private final Sql sql;

    SqliteEntityRegistry(Sql sql) {
        this.sql = sql;
    }

    @Override
    public Optional<RegisteredEntity> find(String key) {
        return sql.query("SELECT " + COLUMNS + LIVE + " AND e.entity_key = ?", SqliteEntityRegistry::entity, key)
                .stream().findFirst();
    }

    @Override
    public Optional<RegisteredEntity> findByName(String nameKey) {
        return sql.query("SELECT " + COLUMNS + " FROM entity_names n JOIN registered_entities e"
                        + " ON e.entity_key = n.entity_key WHERE n.name_key = ? AND e.deleted_at IS NULL",
                SqliteEntityRegistry::entity, nameKey).stream().findFirst();
    }

    @Override
    public List<RegisteredEntity> all() {
        return sql.query("SELECT " + COLUMNS + LIVE + " ORDER BY e.entity_key", SqliteEntityRegistry::entity);
    }

    @Override
    public List<RegisteredEntity> page(String query, String afterKey, int limit) {
        StringBuilder text = new StringBuilder("SELECT " + COLUMNS + LIVE);
        List<Object> args = new ArrayList<>();
        if (afterKey != null) {
            text.append(" AND e.entity_key > ?");
            args.add(afterKey);
        }
        if (query != null) {
            // instr, not LIKE: a '%' or '_' the caller typed is a character, not a wildcard
            text.append(" AND EXISTS (SELECT 1 FROM entity_names n WHERE n.entity_key = e.entity_key"
                    + " AND instr(n.name_key, ?) > 0)");
            args.add(query);
        }
        text.append(" ORDER BY e.entity_key LIMIT ?");
        args.add(limit);
        return sql.query(text.toString(), SqliteEntityRegistry::entity, args.toArray());
    }

    @Override
    public void insert(RegisteredEntity entity) {
        sql.update("INSERT INTO registered_entities (entity_key, name, aliases, kind, updated_at, deleted_at)"
                        + " VALUES (?, ?, ?, ?, ?, NULL)", entity.key(), entity.name(), Codec.join(entity.aliases()),
                entity.kind().wireName(), entity.updatedAt().toEpochMilli());
        insertNames(entity);
    }

    @Override
    public void replace(RegisteredEntity entity) {
        sql.update("DELETE FROM entity_names WHERE entity_key = ?", entity.key());
        int replaced = sql.update("UPDATE registered_entities SET name = ?, aliases = ?, kind = ?, updated_at = ?,"
                        + " deleted_at = NULL WHERE entity_key = ?", entity.name(), Codec.join(entity.aliases()),
                entity.kind().wireName(), entity.updatedAt().toEpochMilli(), entity.key());
        if (replaced != 1) {
            throw new IllegalStateException("no entity " + entity.key() + " to replace");
        }
        insertNames(entity);
    }

    private void insertNames(RegisteredEntity entity) {
        for (String name : entity.nameKeys()) {
            // the primary key refuses a name another live entity holds
            sql.update("INSERT INTO entity_names (name_key, entity_key) VALUES (?, ?)", name, entity.key());
        }
    }

    @Override
    public boolean delete(String key, Instant at) {
        int changed = sql.update("UPDATE registered_entities SET deleted_at = ? WHERE entity_key = ?"
                + " AND deleted_at IS NULL", at.toEpochMilli(), key);
        sql.update("DELETE FROM entity_names WHERE entity_key = ?", key);
        return changed == 1;
    }

    @Override
    public boolean known(String key) {
        return sql.count("SELECT COUNT(*) FROM registered_entities WHERE entity_key = ?", key) > 0;
    }

    @Override
    public boolean empty() {
        return sql.count("SELECT COUNT(*) FROM (SELECT 1 FROM registered_entities LIMIT 1)") == 0;
    }

    private static RegisteredEntity entity(ResultSet rs) throws SQLException {
        return new RegisteredEntity(rs.getString("name"), Codec.split(rs.getString("aliases")),
                EntityKind.fromWireName(rs.getString("kind")).orElse(EntityKind.OTHER),
                Instant.ofEpochMilli(rs.getLong("updated_at")));
    }
}
