package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.ChangedFields;
import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.StateConflictException;
import dev.pmmemory.application.StoreUnavailableException;
import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.EntitiesQuery;
import dev.pmmemory.application.port.in.EntityChange;
import dev.pmmemory.application.port.in.EntityPage;
import dev.pmmemory.application.port.in.ManageEntities;
import dev.pmmemory.application.port.in.PutEntityCommand;
import dev.pmmemory.application.port.in.ReadEntities;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.in.AuditPage;
import dev.pmmemory.application.port.in.RegistryAuditQuery;
import dev.pmmemory.application.port.out.EntityRegistry;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.domain.memory.EntityKey;
import dev.pmmemory.domain.registry.EntityKind;
import dev.pmmemory.domain.registry.RegisteredEntity;
import dev.pmmemory.domain.text.TextAnalyzer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * The deployment-wide entity registry (rules.md §2, api.md "Entity registry"): seeded from the
 * shipped dictionary, edited through the API, and the entity dictionary of the {@link TextAnalyzer}
 * from then on, so that every alias resolves to its canonical entity wherever entities are extracted
 * or compared. A change re-indexes the stored memories in the background ({@link EntityReindex}).
 *
 * <p>Registry writes take the write lock of {@link AuditEvent#REGISTRY} (a name no profile can
 * have), so two admins' changes never interleave, on one instance or several.
 */
public final class EntityRegistryService implements ManageEntities, ReadEntities {
    public static final int MAX_NAME = 100;
    public static final int MAX_ALIASES = 32;
    public static final int MAX_QUERY = 100;
    public static final int DEFAULT_LIMIT = 50;
    public static final int MAX_LIMIT = 200;
    private static final List<String> FUND_WORDS = List.of("资本", "基金", "创投", "capital", "partners", "ventures");
    /** How long a registry call waits for a seed under way after start before it is a 503. */
    static final Duration SEED_WAIT = Duration.ofSeconds(10);

    private final MemoryStore store;
    private final TextAnalyzer analyzer;
    private final IdGenerator ids;
    private final Clock clock;
    private final BackgroundReindex reindex;
    /** Open (count 0) unless a seed expected by {@link #expectSeed()} has not finished yet. */
    private volatile CountDownLatch seeding = new CountDownLatch(0);
    /** The registry's groups the analyzer was last given (null before the first load). */
    private List<List<String>> loaded;

    public EntityRegistryService(MemoryStore store, TextAnalyzer analyzer, IdGenerator ids, Clock clock,
                                 BackgroundReindex reindex) {
        this.store = Objects.requireNonNull(store);
        this.analyzer = Objects.requireNonNull(analyzer);
        this.ids = Objects.requireNonNull(ids);
        this.clock = Objects.requireNonNull(clock);
        this.reindex = Objects.requireNonNull(reindex);
    }

    // --- start-up ----------------------------------------------------------------------------------

    /**
     * Registers each shipped entity group (first name canonical) that the registry has never held:
     * an entity an admin changed or deleted stays as the admin left it, and a group whose name
     * another entity already claims is skipped. Then the analyzer uses the registry. Returns how many
     * entities were registered.
     */
    public int seed(List<List<String>> groups) {
        Instant now = clock.instant();
        int seeded = store.write(AuditEvent.REGISTRY, tx -> {
            EntityRegistry registry = tx.entityRegistry();
            int added = 0;
            for (List<String> group : groups) {
                RegisteredEntity entity = new RegisteredEntity(group.get(0), group.subList(1, group.size()),
                        seedKind(group), now);
                if (registry.known(entity.key())
                        || entity.nameKeys().stream().anyMatch(k -> registry.findByName(k).isPresent())) {
                    continue;
                }
                registry.insert(entity);
                audit(tx, AuditKind.ENTITY_REGISTERED, entity, null, entity, AuditEvent.SYSTEM, now);
                added++;
            }
            return added;
        });
        reload();
        seeding.countDown();
        return seeded;
    }

    /**
     * Whether seeding these groups may finish after the service starts answering: the registry never held
     * an entity (no tombstone either) and no two groups share a name, so the seed will register every group
     * as it is — exactly the dictionary the analyzer was built with from the lexicon. Adds and reads then
     * resolve aliases the same before and after the seed; only the registry's own calls must wait for it
     * ({@link #expectSeed()}). Saves the seed's ≈ 0.2 s on a new database's start.
     */
    public boolean canSeedAfterStart(List<List<String>> groups) {
        Set<String> names = new HashSet<>();
        for (List<String> group : groups) {
            for (String name : group) {
                if (!names.add(EntityKey.of(name))) {
                    return false;
                }
            }
        }
        return store.read(tx -> tx.entityRegistry().empty());
    }

    /** Registry calls wait (at most {@link #SEED_WAIT}) until the next {@link #seed} has succeeded. */
    public void expectSeed() {
        seeding = new CountDownLatch(1);
    }

    private void awaitSeed() {
        try {
            if (!seeding.await(SEED_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new StoreUnavailableException("the entity registry is still being seeded from the shipped dictionary", null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while the entity registry was being seeded", e);
        }
    }

    /** Funds by their name's form (资本, Capital …); every other shipped entity is a company. */
    private static EntityKind seedKind(List<String> group) {
        boolean fund = group.stream().map(EntityKey::of).anyMatch(n -> FUND_WORDS.stream().anyMatch(n::contains));
        return fund ? EntityKind.FUND : EntityKind.COMPANY;
    }

    /** Makes the analyzer's dictionary the registry's current content. */
    public synchronized void reload() {
        List<List<String>> groups = registryGroups();
        analyzer.useEntities(groups);
        loaded = groups;
    }

    /**
     * Picks up what another instance changed in a shared registry (several instances on one
     * PostgreSQL): the analyzer's dictionary is rebuilt when the registry's content differs from
     * what this instance last gave it. Nothing happens while a seed is still expected (the lexicon's
     * dictionary stands in for it). Returns whether the dictionary changed. Memories are re-indexed
     * by the instance that took the change. Nothing happens either before the registry was first
     * loaded (a store down at start: an empty registry must not replace the lexicon's dictionary).
     */
    public synchronized boolean refresh() {
        if (seeding.getCount() > 0 || loaded == null) {
            return false; // never loaded: the lexicon's dictionary stands in until the seed has run
        }
        List<List<String>> groups = registryGroups();
        if (groups.equals(loaded)) {
            return false;
        }
        analyzer.useEntities(groups);
        loaded = groups;
        return true;
    }

    private List<List<String>> registryGroups() {
        return store.read(tx -> tx.entityRegistry().all()).stream().map(RegisteredEntity::names).toList();
    }

    // --- writes ------------------------------------------------------------------------------------

    @Override
    public EntityChange put(PutEntityCommand c) {
        awaitSeed();
        Validation v = new Validation();
        String name = name(v, "name", c.name());
        List<String> aliases = new ArrayList<>();
        if (c.aliases() != null) {
            if (c.aliases().size() > MAX_ALIASES) {
                v.fail("aliases", "must hold at most " + MAX_ALIASES + " names");
            } else {
                for (int i = 0; i < c.aliases().size(); i++) {
                    aliases.add(name(v, "aliases[" + i + "]", c.aliases().get(i)));
                }
            }
        }
        EntityKind kind = c.kind() == null ? EntityKind.COMPANY
                : v.optionalEnum("kind", c.kind(), EntityKind::fromWireName, kinds());
        v.check();
        Instant now = clock.instant();
        RegisteredEntity entity = new RegisteredEntity(name, aliases, kind, now);
        EntityChange change = store.write(AuditEvent.REGISTRY, tx -> {
            EntityRegistry registry = tx.entityRegistry();
            Optional<RegisteredEntity> before = registry.find(entity.key());
            requireUnclaimed(registry, entity, c.aliases());
            if (before.isPresent() && sameContent(before.get(), entity)) {
                return new EntityChange(before.get(), false); // the same PUT again changes nothing
            }
            // a key stored before (live, or deleted and now registered again) is replaced, a new one inserted
            if (registry.known(entity.key())) {
                registry.replace(entity);
            } else {
                registry.insert(entity);
            }
            audit(tx, before.isPresent() ? AuditKind.ENTITY_REPLACED : AuditKind.ENTITY_REGISTERED, entity,
                    before.orElse(null), entity, c.actor(), now);
            return new EntityChange(entity, before.isEmpty());
        });
        reload();
        reindex.request();
        return change;
    }

    /** A name (canonical or alias) that belongs to another live entity is a 409 naming the field. */
    private static void requireUnclaimed(EntityRegistry registry, RegisteredEntity entity, List<String> given) {
        Map<String, String> fieldByKey = new HashMap<>();
        fieldByKey.put(entity.key(), "name");
        if (given != null) {
            for (int i = given.size() - 1; i >= 0; i--) {
                fieldByKey.put(EntityKey.of(given.get(i)), "aliases[" + i + "]");
            }
            fieldByKey.put(entity.key(), "name");
        }
        for (String key : entity.nameKeys()) {
            Optional<RegisteredEntity> owner = registry.findByName(key);
            if (owner.isPresent() && !owner.get().key().equals(entity.key())) {
                String field = fieldByKey.getOrDefault(key, "aliases");
                throw new StateConflictException("'" + key + "' already names the entity '" + owner.get().name()
                        + "': remove it there first", field);
            }
        }
    }

    private static boolean sameContent(RegisteredEntity a, RegisteredEntity b) {
        return a.name().equals(b.name()) && a.aliases().equals(b.aliases()) && a.kind() == b.kind();
    }

    @Override
    public void delete(String name, String actor) {
        awaitSeed();
        Validation v = new Validation();
        String given = name(v, "name", name);
        v.check();
        Instant now = clock.instant();
        store.write(AuditEvent.REGISTRY, tx -> {
            EntityRegistry registry = tx.entityRegistry();
            RegisteredEntity entity = registry.findByName(EntityKey.of(given))
                    .orElseThrow(() -> new NotFoundException("no entity named '" + given + "'"));
            registry.delete(entity.key(), now);
            audit(tx, AuditKind.ENTITY_DELETED, entity, entity, null, actor, now);
            return null;
        });
        reload();
        reindex.request();
    }

    private void audit(MemoryStore.StoreTransaction tx, AuditKind kind, RegisteredEntity subject,
                       RegisteredEntity before, RegisteredEntity after, String actor, Instant at) {
        tx.auditTrail().record(new AuditEvent(ids.newId(), AuditEvent.REGISTRY, subject.key(), null, kind,
                "entity=" + subject.key() + " aliases=" + subject.aliases().size(), at, actor,
                before == null ? null : state(before), after == null ? null : state(after)));
    }

    private static String state(RegisteredEntity e) {
        return new ChangedFields().put("name", e.name()).put("aliases", String.join(", ", e.aliases()))
                .put("kind", e.kind().wireName()).json();
    }

    // --- reads -------------------------------------------------------------------------------------

    @Override
    public RegisteredEntity get(String name) {
        awaitSeed();
        Validation v = new Validation();
        String given = name(v, "name", name);
        v.check();
        return store.read(tx -> tx.entityRegistry().findByName(EntityKey.of(given)))
                .orElseThrow(() -> new NotFoundException("no entity named '" + given + "'"));
    }

    @Override
    public AuditPage audit(RegistryAuditQuery q) {
        awaitSeed();
        String given = null;
        if (q.entityName() != null) {
            Validation v = new Validation();
            given = name(v, "name", q.entityName());
            v.check();
        }
        String named = given;
        return store.read(tx -> {
            String key = null;
            if (named != null) {
                String nameKey = EntityKey.of(named);
                key = tx.entityRegistry().findByName(nameKey).map(RegisteredEntity::key).orElse(nameKey);
                if (!tx.entityRegistry().known(key)) {
                    throw new NotFoundException("no entity named '" + named + "' was ever registered");
                }
            }
            return AuditPage.of(tx.auditTrail().newestFirst(AuditEvent.REGISTRY, key, q.afterEventId(), q.limit() + 1),
                    q.limit());
        });
    }

    @Override
    public EntityPage list(EntitiesQuery q) {
        awaitSeed();
        Validation v = new Validation();
        String query = null;
        if (q.query() != null && !q.query().isBlank()) {
            query = v.text("query", q.query(), MAX_QUERY) == null ? null : EntityKey.of(q.query());
        }
        int limit = v.intInRange("limit", q.limit(), DEFAULT_LIMIT, 1, MAX_LIMIT);
        String after = null;
        if (q.cursor() != null && !q.cursor().isEmpty()) {
            after = decodeCursor(q.cursor()).orElse(null);
            if (after == null) {
                v.fail("cursor", "is not a cursor this list returned");
            }
        }
        v.check();
        String from = after;
        String contains = query;
        List<RegisteredEntity> page = store.read(tx -> tx.entityRegistry().page(contains, from, limit + 1));
        boolean more = page.size() > limit;
        List<RegisteredEntity> items = more ? page.subList(0, limit) : page;
        return new EntityPage(items, more ? encodeCursor(items.get(items.size() - 1).key()) : null);
    }

    private static String encodeCursor(String key) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(("e:" + key).getBytes(StandardCharsets.UTF_8));
    }

    private static Optional<String> decodeCursor(String cursor) {
        try {
            String raw = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            return raw.startsWith("e:") && raw.length() > 2 ? Optional.of(raw.substring(2)) : Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    // --- validation --------------------------------------------------------------------------------

    /** A name on one line: not blank, at most {@value #MAX_NAME} characters, no control characters. */
    private static String name(Validation v, String field, String value) {
        String checked = v.text(field, value, MAX_NAME);
        if (checked == null) {
            return null;
        }
        if (checked.chars().anyMatch(Character::isISOControl)) {
            v.fail(field, "must be one line (no line breaks or tabs)");
            return null;
        }
        return checked.strip();
    }

    private static String kinds() {
        return Arrays.stream(EntityKind.values()).map(EntityKind::wireName).collect(Collectors.joining(", "));
    }
}
