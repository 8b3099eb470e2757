package dev.pmmemory.application.port.out;

import dev.pmmemory.domain.registry.RegisteredEntity;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The deployment-wide entity registry (rules.md §2), used inside a {@link MemoryStore} transaction.
 * Keys are {@link dev.pmmemory.domain.memory.EntityKey}s. A name (canonical or alias) belongs to at
 * most one live entity; the store refuses a second claim (a unique index), the service checks first
 * so that the caller gets a 409 naming the alias. A deleted entity leaves a tombstone, so that
 * seeding from the shipped dictionary never brings back what an admin removed.
 */
public interface EntityRegistry {

    /** The live entity whose canonical name has this key. */
    Optional<RegisteredEntity> find(String key);

    /** The live entity that has a name (canonical or alias) with this key. */
    Optional<RegisteredEntity> findByName(String nameKey);

    /** Every live entity, by key. */
    List<RegisteredEntity> all();

    /**
     * Up to {@code limit} live entities by key, after {@code afterKey} when not null, only those with
     * a name whose key contains {@code query} when not null.
     */
    List<RegisteredEntity> page(String query, String afterKey, int limit);

    /** Stores an entity whose key was never stored ({@link #known} is false), with its names. */
    void insert(RegisteredEntity entity);

    /**
     * Replaces the stored entity with this key, live or deleted (a deleted one comes back), and all of
     * that one's names with these.
     */
    void replace(RegisteredEntity entity);

    /** Deletes the live entity with this key, leaving a tombstone; false when there is none. */
    boolean delete(String key, Instant at);

    /** Whether the key was ever stored, live or deleted. */
    boolean known(String key);

    /** Whether no entity was ever stored, live or deleted (a registry never seeded). */
    boolean empty();
}
