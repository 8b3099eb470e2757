package dev.pmmemory.application.testing;

import dev.pmmemory.domain.recall.RankingKey;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.out.AuditTrail;
import dev.pmmemory.application.port.out.Experiences;
import dev.pmmemory.application.port.out.Facts;
import dev.pmmemory.application.model.FeedbackOutcome;
import dev.pmmemory.application.port.out.Memories;
import dev.pmmemory.application.port.out.MemoryGroup;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryVectors;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.application.port.out.RawMessages;
import dev.pmmemory.application.port.out.StoredIds;
import dev.pmmemory.application.port.out.EntityRegistry;
import dev.pmmemory.domain.registry.RegisteredEntity;
import dev.pmmemory.domain.experience.Experience;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.recall.RecallPolicy;
import dev.pmmemory.domain.recall.RecallWindow;
import dev.pmmemory.domain.recall.RecencyGroup;
import dev.pmmemory.domain.memory.Lifetime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A simple, correct {@link MemoryStore} in memory, for fast use-case tests.
 *
 * <p>Writes are serialised by one lock and work on a private copy of the state that replaces the
 * published state only when the work returns normally: a write that throws leaves nothing behind.
 * Published states are never mutated (all stored values are immutable records), so a read simply
 * works on the state published when it started: a consistent snapshot, without locking.
 *
 * <p>It enforces the same constraints as the SQL stores: unique memory / raw message / audit ids,
 * one raw message per (profile, message_id), unique experience ids, and an update needs an
 * existing memory.
 */
public final class InMemoryMemoryStore implements MemoryStore {

    private static final Comparator<Memory> NEWEST_FIRST = Comparator.comparing(Memory::createdAt)
            .thenComparing(Memory::id).reversed();

    private final Object writeLock = new Object();
    private volatile State state = new State();
    private volatile boolean available = true;
    private final Set<String> claimedJobRuns = new HashSet<>();
    private final List<Set<RecencyGroup>> groupReads = new CopyOnWriteArrayList<>();

    @Override
    public <T> T write(String profileId, Function<StoreTransaction, T> work) {
        synchronized (writeLock) {
            State working = state.copy();
            Tx tx = new Tx(working, true, groupReads);
            try {
                T result = work.apply(tx);
                state = working; // commit: publish the copy
                return result;
            } finally {
                tx.open = false;
            }
        }
    }

    /** One lock for every profile, as SQLite's one writer: one write lane, so group commit spans profiles. */
    @Override
    public String writeLane(String profileId) {
        return "in-memory";
    }

    @Override
    public <T> T writeAll(Set<String> profileIds, Function<StoreTransaction, T> work) {
        return write(profileIds.iterator().next(), work);
    }

    @Override
    public <T> T read(Function<StoreTransaction, T> work) {
        Tx tx = new Tx(state, false, groupReads);
        try {
            return work.apply(tx);
        } finally {
            tx.open = false;
        }
    }

    @Override
    public boolean isAvailable() {
        return available;
    }

    @Override
    public boolean claimJobRun(String job, Instant periodStart) {
        synchronized (writeLock) {
            return claimedJobRuns.add(job + "@" + periodStart);
        }
    }

    @Override
    public boolean jobRunClaimed(String job, Instant periodStart) {
        synchronized (writeLock) {
            return claimedJobRuns.contains(job + "@" + periodStart);
        }
    }

    /** Nothing outlives a removal here: the state is only in this process's memory. */
    @Override
    public boolean shredDeleted() {
        return true;
    }

    /** Lets a test simulate an unreachable store (readiness). */
    public void setAvailable(boolean available) {
        this.available = available;
    }

    // --- test accessors: committed state only ---------------------------------------------------

    /**
     * The groups each read of chosen recency groups asked for ({@link Memories#findMostRecentVisiblePerGroupKeys(List,
     * Set, RecallWindow, int)}), in order: what a member's recall read of its teams' groups.
     */
    public List<Set<RecencyGroup>> groupReads() {
        return List.copyOf(groupReads);
    }

    /** Every committed memory of a profile, in insertion order. */
    public List<Memory> memories(String profileId) {
        return state.memories.values().stream().filter(m -> m.profileId().equals(profileId)).toList();
    }

    /** Every committed raw message of a profile, in append order. */
    public List<RawMessage> rawMessages(String profileId) {
        return state.raws.stream().filter(r -> r.profileId().equals(profileId)).toList();
    }

    /** Every committed audit event of a profile, in record order. */
    public List<AuditEvent> auditEvents(String profileId) {
        return state.audits.stream().filter(e -> e.profileId().equals(profileId)).toList();
    }

    /** Every committed experience of a profile, in insertion order. */
    public List<Experience> experiences(String profileId) {
        return state.experiences.values().stream().filter(e -> e.profileId().equals(profileId)).toList();
    }

    /** Every committed fact version of a profile, in insertion order (closing replaces in place). */
    public List<Fact> facts(String profileId) {
        return state.facts.values().stream().filter(f -> f.profileId().equals(profileId)).toList();
    }

    /** Everything committed, of every profile (e.g. to scan for a secret). */
    public List<Object> everything() {
        State s = state;
        List<Object> all = new ArrayList<>(s.memories.values());
        all.addAll(s.raws);
        all.addAll(s.audits);
        all.addAll(s.experiences.values());
        all.addAll(s.facts.values());
        return all;
    }

    // --- state -----------------------------------------------------------------------------------

    /** A stored vector; its array is never handed out nor changed. */
    private record StoredVector(String profileId, String model, float[] vector) {
    }

    private static final class State {
        final LinkedHashMap<String, Memory> memories;
        final ArrayList<RawMessage> raws;
        final ArrayList<AuditEvent> audits;
        final LinkedHashMap<String, StoredVector> vectors;
        final LinkedHashMap<String, Experience> experiences;
        /** memory id -> the summary that folded it (the SQL stores' summarized_by column) */
        final LinkedHashMap<String, String> summarizedBy;
        final LinkedHashMap<String, Fact> facts;
        /** entity key -> the registered entity; deleted ones stay as tombstones */
        final TreeMap<String, RegistryRow> entities;
        /** team id U+001F profile id -> membership (the SQL stores' team_members) */
        final TreeMap<String, String> members;
        /** team id U+001F memory id U+001F profile id -> author (the SQL stores' team_authors) */
        final TreeMap<String, dev.pmmemory.application.port.out.TeamAuthor> authors;

        State() {
            this(new LinkedHashMap<>(), new ArrayList<>(), new ArrayList<>(), new LinkedHashMap<>(),
                    new LinkedHashMap<>(), new LinkedHashMap<>(), new LinkedHashMap<>(), new TreeMap<>(),
                    new TreeMap<>(), new TreeMap<>());
        }

        private State(LinkedHashMap<String, Memory> memories, ArrayList<RawMessage> raws,
                      ArrayList<AuditEvent> audits, LinkedHashMap<String, StoredVector> vectors,
                      LinkedHashMap<String, Experience> experiences, LinkedHashMap<String, String> summarizedBy,
                      LinkedHashMap<String, Fact> facts, TreeMap<String, RegistryRow> entities,
                      TreeMap<String, String> members,
                      TreeMap<String, dev.pmmemory.application.port.out.TeamAuthor> authors) {
            this.members = members;
            this.authors = authors;
            this.memories = memories;
            this.raws = raws;
            this.audits = audits;
            this.vectors = vectors;
            this.experiences = experiences;
            this.summarizedBy = summarizedBy;
            this.facts = facts;
            this.entities = entities;
        }

        State copy() {
            return new State(new LinkedHashMap<>(memories), new ArrayList<>(raws), new ArrayList<>(audits),
                    new LinkedHashMap<>(vectors), new LinkedHashMap<>(experiences), new LinkedHashMap<>(summarizedBy),
                    new LinkedHashMap<>(facts), new TreeMap<>(entities), new TreeMap<>(members),
                    new TreeMap<>(authors));
        }
    }

    /** A registry row: the entity as last stored, and whether it has been deleted since. */
    private record RegistryRow(RegisteredEntity entity, boolean deleted) {
    }

    /** The repositories over one state; only a write transaction may change it. */
    private static final class Tx implements StoreTransaction {
        private final State s;
        private final boolean writable;
        private final List<Set<RecencyGroup>> groupReads;
        private volatile boolean open = true;
        private final Memories memories = new TxMemories();
        private final RawMessages rawMessages = new TxRawMessages();
        private final AuditTrail auditTrail = new TxAuditTrail();
        private final MemoryVectors vectors = new TxVectors();
        private final Experiences experiences = new TxExperiences();
        private final Facts facts = new TxFacts();
        private final EntityRegistry entityRegistry = new TxEntityRegistry();
        private final dev.pmmemory.application.port.out.Teams teams = new TxTeams();

        Tx(State s, boolean writable, List<Set<RecencyGroup>> groupReads) {
            this.s = s;
            this.writable = writable;
            this.groupReads = groupReads;
        }

        @Override
        public Memories memories() {
            return memories;
        }

        @Override
        public RawMessages rawMessages() {
            return rawMessages;
        }

        @Override
        public AuditTrail auditTrail() {
            return auditTrail;
        }

        @Override
        public MemoryVectors vectors() {
            return vectors;
        }

        @Override
        public Experiences experiences() {
            return experiences;
        }

        @Override
        public Facts facts() {
            return facts;
        }

        @Override
        public EntityRegistry entityRegistry() {
            return entityRegistry;
        }

        @Override
        public dev.pmmemory.application.port.out.Teams teams() {
            return teams;
        }

        /** Teams as the SQL stores keep them: keys in byte order, one row per (team, profile). */
        private final class TxTeams implements dev.pmmemory.application.port.out.Teams {
            private static final String SEP = "\u001f";

            @Override
            public boolean addMember(String teamId, String profileId, Instant at) {
                checkWritable();
                return s.members.putIfAbsent(teamId + SEP + profileId, profileId) == null;
            }

            @Override
            public boolean removeMember(String teamId, String profileId) {
                checkWritable();
                return s.members.remove(teamId + SEP + profileId) != null;
            }

            @Override
            public List<String> members(String teamId) {
                checkOpen();
                return s.members.entrySet().stream().filter(e -> e.getKey().startsWith(teamId + SEP))
                        .map(Map.Entry::getValue).toList();
            }

            @Override
            public List<String> teamsOf(String profileId) {
                checkOpen();
                return s.members.keySet().stream().filter(k -> k.endsWith(SEP + profileId))
                        .map(k -> k.substring(0, k.indexOf(SEP))).toList();
            }

            @Override
            public void addAuthor(dev.pmmemory.application.port.out.TeamAuthor a) {
                checkWritable();
                s.authors.putIfAbsent(a.teamId() + SEP + a.memoryId() + SEP + a.profileId(), a);
            }

            @Override
            public boolean removeAuthor(String teamId, String memoryId, String profileId) {
                checkWritable();
                return s.authors.remove(teamId + SEP + memoryId + SEP + profileId) != null;
            }

            @Override
            public List<dev.pmmemory.application.port.out.TeamAuthor> authorsOf(String teamId,
                                                                                 Collection<String> memoryIds) {
                checkOpen();
                Set<String> ids = new HashSet<>(memoryIds);
                return s.authors.values().stream().filter(a -> a.teamId().equals(teamId) && ids.contains(a.memoryId()))
                        .toList();
            }

            @Override
            public List<dev.pmmemory.application.port.out.TeamAuthor> contributionsOf(String profileId) {
                checkOpen();
                return s.authors.values().stream().filter(a -> a.profileId().equals(profileId)).toList();
            }

            @Override
            public int removeProfile(String profileId) {
                checkWritable();
                int before = s.members.size() + s.authors.size();
                s.members.values().removeIf(profileId::equals);
                s.authors.values().removeIf(a -> a.profileId().equals(profileId));
                return before - s.members.size() - s.authors.size();
            }
        }

        /** The registry as the SQL stores keep it: one name belongs to at most one live entity. */
        private final class TxEntityRegistry implements EntityRegistry {
            private java.util.stream.Stream<RegisteredEntity> live() {
                checkOpen();
                return s.entities.values().stream().filter(r -> !r.deleted()).map(RegistryRow::entity);
            }

            @Override
            public Optional<RegisteredEntity> find(String key) {
                return live().filter(e -> e.key().equals(key)).findFirst();
            }

            @Override
            public Optional<RegisteredEntity> findByName(String nameKey) {
                return live().filter(e -> e.nameKeys().contains(nameKey)).findFirst();
            }

            @Override
            public List<RegisteredEntity> all() {
                return live().toList();
            }

            @Override
            public List<RegisteredEntity> page(String query, String afterKey, int limit) {
                return live().filter(e -> afterKey == null || e.key().compareTo(afterKey) > 0)
                        .filter(e -> query == null || e.nameKeys().stream().anyMatch(k -> k.contains(query)))
                        .limit(limit).toList();
            }

            @Override
            public void insert(RegisteredEntity entity) {
                if (s.entities.containsKey(entity.key())) {
                    throw new IllegalStateException("entity " + entity.key() + " is stored already");
                }
                store(entity);
            }

            @Override
            public void replace(RegisteredEntity entity) {
                if (!s.entities.containsKey(entity.key())) {
                    throw new IllegalStateException("no entity " + entity.key() + " to replace");
                }
                store(entity);
            }

            private void store(RegisteredEntity entity) {
                checkWritable();
                for (String name : entity.nameKeys()) {
                    live().filter(e -> !e.key().equals(entity.key()) && e.nameKeys().contains(name)).findFirst()
                            .ifPresent(e -> {
                                throw new IllegalStateException("name " + name + " already belongs to " + e.key());
                            });
                }
                s.entities.put(entity.key(), new RegistryRow(entity, false));
            }

            @Override
            public boolean delete(String key, Instant at) {
                checkWritable();
                RegistryRow row = s.entities.get(key);
                if (row == null || row.deleted()) {
                    return false;
                }
                s.entities.put(key, new RegistryRow(row.entity(), true));
                return true;
            }

            @Override
            public boolean known(String key) {
                checkOpen();
                return s.entities.containsKey(key);
            }

            @Override
            public boolean empty() {
                checkOpen();
                return s.entities.isEmpty();
            }
        }

        @Override
        public StoredIds storedIds() {
            return (kind, profileId, ids) -> {
                java.util.stream.Stream<String[]> held = switch (kind) { // {id, profile id}
                    case RAW_MESSAGE -> s.raws.stream().map(r -> new String[] {r.id(), r.profileId()});
                    case MEMORY -> s.memories.values().stream().map(m -> new String[] {m.id(), m.profileId()});
                    case AUDIT_EVENT -> s.audits.stream().map(e -> new String[] {e.id(), e.profileId()});
                    case EXPERIENCE -> s.experiences.values().stream()
                            .map(e -> new String[] {e.id(), e.profileId()});
                    case FACT -> s.facts.values().stream().map(f -> new String[] {f.id(), f.profileId()});
                };
                Set<String> wanted = new HashSet<>(ids);
                return held.filter(h -> wanted.contains(h[0]) && !h[1].equals(profileId)).map(h -> h[0])
                        .collect(java.util.stream.Collectors.toSet());
            };
        }

        private final class TxFacts implements Facts {
            private static final Comparator<Fact> OLDEST_FIRST = Comparator.comparing(Fact::validFrom)
                    .thenComparing(Fact::recordedAt).thenComparing(Fact::id);

            @Override
            public void insert(Fact fact) {
                checkWritable();
                Objects.requireNonNull(fact, "fact");
                if (s.facts.containsKey(fact.id())) {
                    throw new IllegalStateException("fact " + fact.id() + " already exists");
                }
                if (fact.isOpen() && ofAttribute(fact.profileId(), fact.attribute()).anyMatch(Fact::isOpen)) {
                    throw new IllegalStateException("fact " + fact.attribute() + " has an open version already");
                }
                s.facts.put(fact.id(), fact);
            }

            @Override
            public void close(String profileId, String factId, Instant validUntil) {
                checkWritable();
                Fact f = s.facts.get(factId);
                if (f == null || !f.profileId().equals(profileId) || !f.isOpen()) {
                    throw new IllegalStateException("no open fact version " + factId);
                }
                s.facts.put(factId, f.closedAt(validUntil));
            }

            @Override
            public Optional<Fact> latest(String profileId, String attribute) {
                checkOpen();
                Set<String> superseded = new HashSet<>();
                List<Fact> versions = ofAttribute(profileId, attribute).toList();
                versions.forEach(f -> superseded.add(f.supersedes()));
                return versions.stream().filter(f -> !superseded.contains(f.id())).findFirst();
            }

            @Override
            public List<Fact> validAt(String profileId, Instant asOf) {
                checkOpen();
                return s.facts.values().stream().filter(f -> f.profileId().equals(profileId) && f.isValidAt(asOf))
                        .sorted(Comparator.comparing(Fact::attribute)).toList();
            }

            @Override
            public List<Fact> history(String profileId, String attribute) {
                checkOpen();
                return ofAttribute(profileId, attribute).sorted(OLDEST_FIRST).toList();
            }

            @Override
            public List<Fact> allVersions(String profileId) {
                checkOpen();
                return s.facts.values().stream().filter(f -> f.profileId().equals(profileId))
                        .sorted(Comparator.comparing(Fact::attribute).thenComparing(OLDEST_FIRST)).toList();
            }

            @Override
            public long countByProfile(String profileId) {
                checkOpen();
                return s.facts.values().stream().filter(f -> f.profileId().equals(profileId)).count();
            }

            @Override
            public int deleteProfile(String profileId) {
                checkWritable();
                int before = s.facts.size();
                s.facts.values().removeIf(f -> f.profileId().equals(profileId));
                return before - s.facts.size();
            }

            private java.util.stream.Stream<Fact> ofAttribute(String profileId, String attribute) {
                return s.facts.values().stream()
                        .filter(f -> f.profileId().equals(profileId) && f.attribute().equals(attribute));
            }
        }

        private final class TxExperiences implements Experiences {
            private static final Comparator<Experience> NEWEST_FIRST = Comparator.comparing(Experience::createdAt)
                    .thenComparing(Experience::id).reversed();

            @Override
            public void insert(Experience experience) {
                checkWritable();
                Objects.requireNonNull(experience, "experience");
                if (s.experiences.containsKey(experience.id())) {
                    throw new IllegalStateException("experience " + experience.id() + " already exists");
                }
                s.experiences.put(experience.id(), experience);
            }

            @Override
            public List<Experience> findSharingTerms(String profileId, Instant asOf, Collection<String> terms) {
                checkOpen();
                Set<String> wanted = new HashSet<>(terms);
                return s.experiences.values().stream()
                        .filter(e -> e.profileId().equals(profileId) && !e.createdAt().isAfter(asOf)
                                && e.keywords().stream().anyMatch(wanted::contains))
                        .toList();
            }

            @Override
            public List<Experience> newestFirst(String profileId, int limit) {
                checkOpen();
                return s.experiences.values().stream().filter(e -> e.profileId().equals(profileId))
                        .sorted(NEWEST_FIRST).limit(limit).toList();
            }

            @Override
            public long countByProfile(String profileId) {
                checkOpen();
                return s.experiences.values().stream().filter(e -> e.profileId().equals(profileId)).count();
            }

            @Override
            public int deleteProfile(String profileId) {
                checkWritable();
                int before = s.experiences.size();
                s.experiences.values().removeIf(e -> e.profileId().equals(profileId));
                return before - s.experiences.size();
            }
        }

        private final class TxVectors implements MemoryVectors {
            @Override
            public void put(String profileId, String memoryId, String model, float[] vector) {
                checkWritable();
                Objects.requireNonNull(model, "model");
                Objects.requireNonNull(vector, "vector");
                Memory m = s.memories.get(memoryId);
                if (m == null || !m.profileId().equals(profileId)) {
                    throw new IllegalStateException("no memory " + memoryId + " of profile " + profileId);
                }
                s.vectors.put(memoryId, new StoredVector(profileId, model, vector.clone()));
            }

            @Override
            public Map<String, float[]> find(String profileId, String model, Collection<String> memoryIds) {
                checkOpen();
                Map<String, float[]> out = new LinkedHashMap<>();
                for (String id : new LinkedHashSet<>(memoryIds)) {
                    StoredVector v = s.vectors.get(id);
                    if (v != null && v.profileId().equals(profileId) && v.model().equals(model)) {
                        out.put(id, v.vector().clone());
                    }
                }
                return out;
            }

            @Override
            public List<RankingColumns> findVisibleRankingColumns(String profileId, Instant asOf, String model) {
                checkOpen();
                return s.memories.values().stream()
                        .filter(m -> m.profileId().equals(profileId) && Lifetime.isVisibleAt(m, asOf))
                        .map(m -> {
                            StoredVector v = s.vectors.get(m.id());
                            float[] vector = v != null && v.model().equals(model) ? v.vector().clone() : null;
                            return new RankingColumns(new RankingKey(m.id(), m.type(), m.weight(), m.lastSeenAt()), vector);
                        })
                        .toList();
            }

            @Override
            public List<MissingVector> missing(String model, int limit) {
                checkOpen();
                return s.memories.values().stream()
                        .filter(m -> {
                            StoredVector v = s.vectors.get(m.id());
                            return v == null || !v.model().equals(model);
                        })
                        .sorted(java.util.Comparator.comparing(Memory::profileId).thenComparing(Memory::id))
                        .limit(limit)
                        .map(m -> new MissingVector(m.profileId(), m.id(), m.content()))
                        .toList();
            }
        }

        private void checkOpen() {
            if (!open) {
                throw new IllegalStateException("transaction already ended");
            }
        }

        private void checkWritable() {
            checkOpen();
            if (!writable) {
                throw new IllegalStateException("read-only transaction");
            }
        }

        private final class TxMemories implements Memories {
            @Override
            public void insert(Memory memory) {
                checkWritable();
                Objects.requireNonNull(memory, "memory");
                if (s.memories.containsKey(memory.id())) {
                    throw new IllegalStateException("memory " + memory.id() + " already exists");
                }
                // as the stores: a new memory was never recalled, whatever the value says
                s.memories.put(memory.id(), memory.toBuilder().recall(dev.pmmemory.domain.memory.RecallUse.NEVER).build());
            }

            @Override
            public void update(Memory memory) {
                checkWritable();
                Objects.requireNonNull(memory, "memory");
                if (!s.memories.containsKey(memory.id())) {
                    throw new IllegalStateException("no memory " + memory.id() + " to update");
                }
                // the recall use is the recall counter's: a memory write keeps the stored one
                s.memories.put(memory.id(), memory.toBuilder().recall(s.memories.get(memory.id()).recall()).build());
            }

            @Override
            public int addRecalls(Collection<dev.pmmemory.application.port.out.RecallTally> tallies) {
                checkWritable();
                int counted = 0;
                for (var t : tallies) {
                    Memory m = s.memories.get(t.memoryId());
                    if (m != null && m.profileId().equals(t.profileId())) {
                        s.memories.put(m.id(), m.toBuilder().recall(m.recall().plus(t.times(), t.lastAt())).build());
                        counted++;
                    }
                }
                return counted;
            }

            @Override
            public Optional<Memory> findById(String profileId, String id) {
                checkOpen();
                return Optional.ofNullable(s.memories.get(id)).filter(m -> m.profileId().equals(profileId));
            }

            @Override
            public List<Memory> findDuplicatesVisibleDuring(String profileId, MemoryType type,
                                                            String normalizedContent, Instant from, Instant until) {
                return find(profileId, m -> m.type() == type && m.normalizedContent().equals(normalizedContent)
                        && Lifetime.isVisibleDuring(m, from, until)).stream()
                        .sorted(Comparator.comparing(Memory::id)).toList();
            }

            @Override
            public List<Memory> findByEntitiesVisibleDuring(String profileId, MemoryType type,
                                                            Collection<String> entityKeys, Instant from,
                                                            Instant until) {
                Set<String> keys = new HashSet<>(entityKeys);
                return find(profileId, m -> m.type() == type && m.entityKeys().stream().anyMatch(keys::contains)
                        && Lifetime.isVisibleDuring(m, from, until)).stream()
                        .sorted(Comparator.comparing(Memory::id)).toList();
            }

            @Override
            public List<Memory> findVisible(String profileId, Instant asOf) {
                return find(profileId, m -> RecallWindow.present(asOf).admits(m));
            }

            @Override
            public List<Memory> findVisibleSharingTerms(String profileId, RecallWindow window, Collection<String> terms) {
                Set<String> wanted = new HashSet<>(terms);
                return find(profileId, m -> window.admits(m) && m.keywords().stream().anyMatch(wanted::contains));
            }

            @Override
            public List<TermMatch> findVisibleTermMatches(String profileId, RecallWindow window, Collection<String> terms) {
                Set<String> wanted = new HashSet<>(terms);
                return findVisibleSharingTerms(profileId, window, terms).stream().map(m -> {
                    Set<String> own = new HashSet<>(m.keywords());
                    int shared = (int) own.stream().filter(wanted::contains).count();
                    return new TermMatch(new RankingKey(m.id(), m.type(), m.weight(), m.lastSeenAt()), shared, own.size(),
                            !m.supersededEntityKeys().isEmpty());
                }).toList();
            }

            @Override
            public List<Memory> findVisibleAbout(String profileId, RecallWindow window, String entityKey) {
                return find(profileId, m -> window.admits(m) && m.entityKeys().contains(entityKey));
            }

            @Override
            public List<Memory> findMostRecentVisiblePerGroup(String profileId, RecallWindow window, int perGroup) {
                Map<String, List<Memory>> groups = new java.util.TreeMap<>();
                for (Memory m : find(profileId, window::admits)) {
                    String group = m.type() + "/" + RecallPolicy.weightBucket(m.weight());
                    groups.computeIfAbsent(group, g -> new java.util.ArrayList<>()).add(m);
                }
                Comparator<Memory> mostRecent = Comparator.comparing(Memory::lastSeenAt).reversed()
                        .thenComparing(Memory::id);
                return groups.values().stream()
                        .flatMap(g -> g.stream().sorted(mostRecent).limit(perGroup))
                        .toList();
            }

            @Override
            public List<RankingKey> findMostRecentVisiblePerGroupKeys(List<String> owners, Set<RecencyGroup> groups,
                                                                      RecallWindow window, int perGroup) {
                groupReads.add(Set.copyOf(groups));
                return Memories.super.findMostRecentVisiblePerGroupKeys(owners, groups, window, perGroup);
            }

            @Override
            public List<Memory> findChangedSince(String profileId, Instant asOf) {
                return find(profileId, m -> RecallWindow.present(asOf).admits(m)
                        && (m.lastSeenAt().isAfter(asOf) || !m.supersededEntityKeys().isEmpty()));
            }

            @Override
            public List<Memory> findSupersededBy(String profileId, String id) {
                return find(profileId, m -> id.equals(m.supersededBy())).stream()
                        .sorted(Comparator.comparing(Memory::createdAt).thenComparing(Memory::id)).toList();
            }

            @Override
            public List<Memory> list(MemoryListQuery q) {
                Instant now = q.now();
                Predicate<Memory> status;
                if (q.status() == null) {
                    status = m -> true;
                } else if (q.status() == MemoryStatus.ACTIVE) {
                    status = m -> m.status() == MemoryStatus.ACTIVE
                            && (m.expiresAt() == null || m.expiresAt().isAfter(now));
                } else if (q.status() == MemoryStatus.EXPIRED) {
                    status = m -> m.status() == MemoryStatus.EXPIRED || (m.status() == MemoryStatus.ACTIVE
                            && m.expiresAt() != null && !m.expiresAt().isAfter(now));
                } else {
                    status = m -> m.status() == q.status();
                }
                Predicate<Memory> after = m -> q.after() == null
                        || m.createdAt().isBefore(q.after().createdAt())
                        || (m.createdAt().equals(q.after().createdAt()) && m.id().compareTo(q.after().id()) < 0);
                return find(q.profileId(), status
                        .and(m -> q.type() == null || m.type() == q.type())
                        .and(m -> q.entityKey() == null || m.entityKeys().contains(q.entityKey()))
                        .and(after)).stream()
                        .sorted(NEWEST_FIRST)
                        .limit(q.limit())
                        .toList();
            }

            @Override
            public long countByProfile(String profileId) {
                return find(profileId, m -> true).size();
            }

            @Override
            public List<String> findProfiles() {
                checkOpen();
                return s.memories.values().stream().map(Memory::profileId).distinct().sorted().toList();
            }

            @Override
            public List<String> findProfilesWithActiveExpired(Instant now) {
                checkOpen();
                return s.memories.values().stream().filter(m -> isActiveExpired(m, now))
                        .map(Memory::profileId).distinct().sorted().toList();
            }

            @Override
            public List<Memory> findActiveExpired(String profileId, Instant now, int limit) {
                return find(profileId, m -> isActiveExpired(m, now)).stream()
                        .sorted(Comparator.comparing(Memory::expiresAt).thenComparing(Memory::id))
                        .limit(limit).toList();
            }

            @Override
            public List<Memory> findActiveExpiring(String profileId, Instant now, String afterId, int limit) {
                return find(profileId, m -> m.status() == MemoryStatus.ACTIVE && m.expiresAt() != null
                        && m.expiresAt().isAfter(now) && (afterId == null || m.id().compareTo(afterId) > 0)).stream()
                        .sorted(Comparator.comparing(Memory::id)).limit(limit).toList();
            }

            @Override
            public List<Memory> findSeenSince(String profileId, Instant since) {
                return find(profileId, m -> !m.lastSeenAt().isBefore(since)).stream()
                        .sorted(Comparator.comparing(Memory::id)).toList();
            }

            @Override
            public List<String> findProfilesWithRetiredBefore(Instant cutoff) {
                checkOpen();
                return s.memories.values().stream().filter(m -> isRetiredBy(m, cutoff))
                        .map(Memory::profileId).distinct().sorted().toList();
            }

            @Override
            public List<Memory> findRetiredBefore(String profileId, Instant cutoff, int limit) {
                return find(profileId, m -> isRetiredBy(m, cutoff)).stream()
                        .sorted(Comparator.comparing(Memory::id)).limit(limit).toList();
            }

            @Override
            public boolean delete(String profileId, String id) {
                checkWritable();
                Memory m = s.memories.get(id);
                if (m == null || !m.profileId().equals(profileId)) {
                    return false;
                }
                s.memories.remove(id);
                s.vectors.remove(id);
                s.summarizedBy.remove(id);
                return true;
            }

            @Override
            public List<MemoryGroup> findCompactionGroups(Collection<MemoryType> types, Instant now, int moreThan) {
                checkOpen();
                Map<MemoryGroup, Long> counts = s.memories.values().stream()
                        .filter(m -> types.contains(m.type()) && isCompactable(m, now))
                        .collect(java.util.stream.Collectors.groupingBy(
                                m -> new MemoryGroup(m.profileId(), m.type()), java.util.stream.Collectors.counting()));
                return counts.entrySet().stream().filter(e -> e.getValue() > moreThan).map(Map.Entry::getKey)
                        .sorted(Comparator.comparing(MemoryGroup::profileId)
                                .thenComparing(g -> g.type().wireName()))
                        .toList();
            }

            @Override
            public List<Memory> findCompactable(String profileId, MemoryType type, Instant now) {
                return find(profileId, m -> m.type() == type && isCompactable(m, now)).stream()
                        .sorted(Comparator.comparing(Memory::createdAt).thenComparing(Memory::id)).toList();
            }

            private boolean isCompactable(Memory m, Instant now) {
                return !s.summarizedBy.containsKey(m.id()) && (m.status() == MemoryStatus.SUPERSEDED
                        || m.status() == MemoryStatus.EXPIRED || isActiveExpired(m, now));
            }

            @Override
            public int markSummarized(String profileId, Collection<String> ids, String summaryId) {
                checkWritable();
                int marked = 0;
                for (String id : new java.util.LinkedHashSet<>(ids)) {
                    Memory m = s.memories.get(id);
                    if (m != null && m.profileId().equals(profileId)) {
                        s.summarizedBy.put(id, summaryId);
                        marked++;
                    }
                }
                return marked;
            }

            @Override
            public Optional<String> findSummaryOf(String profileId, String id) {
                checkOpen();
                Memory m = s.memories.get(id);
                return m == null || !m.profileId().equals(profileId) ? Optional.empty()
                        : Optional.ofNullable(s.summarizedBy.get(id));
            }

            @Override
            public List<String> findSummarized(String profileId, String summaryId) {
                checkOpen();
                return s.summarizedBy.entrySet().stream().filter(e -> e.getValue().equals(summaryId))
                        .map(Map.Entry::getKey)
                        .filter(id -> s.memories.get(id).profileId().equals(profileId))
                        .sorted().toList();
            }

            @Override
            public int deleteProfile(String profileId) {
                checkWritable();
                List<String> gone = s.memories.values().stream().filter(m -> m.profileId().equals(profileId))
                        .map(Memory::id).toList();
                gone.forEach(id -> {
                    s.memories.remove(id);
                    s.vectors.remove(id);
                });
                return gone.size();
            }

            @Override
            public List<Memory> findAllAbout(String profileId, String entityKey) {
                return find(profileId, m -> m.entityKeys().contains(entityKey)).stream()
                        .sorted(Comparator.comparing(Memory::createdAt).thenComparing(Memory::id)).toList();
            }

            private List<Memory> find(String profileId, Predicate<Memory> predicate) {
                checkOpen();
                return s.memories.values().stream()
                        .filter(m -> m.profileId().equals(profileId))
                        .filter(predicate)
                        .toList();
            }
        }

        private final class TxRawMessages implements RawMessages {
            @Override
            public void append(RawMessage message) {
                checkWritable();
                Objects.requireNonNull(message, "message");
                for (RawMessage r : s.raws) {
                    if (r.id().equals(message.id())) {
                        throw new IllegalStateException("raw message " + message.id() + " already exists");
                    }
                    if (message.messageId() != null && r.profileId().equals(message.profileId())
                            && message.messageId().equals(r.messageId())) {
                        throw new IllegalStateException("message_id " + message.messageId() + " already used");
                    }
                }
                s.raws.add(message);
            }

            @Override
            public Optional<RawMessage> findByMessageId(String profileId, String messageId) {
                checkOpen();
                return s.raws.stream()
                        .filter(r -> r.profileId().equals(profileId) && messageId != null
                                && messageId.equals(r.messageId()))
                        .findFirst();
            }

            @Override
            public Map<String, Instant> createdAtOf(String profileId, Collection<String> ids) {
                Map<String, Instant> created = new HashMap<>();
                findByIds(profileId, ids).forEach(r -> created.put(r.id(), r.createdAt()));
                return created;
            }

            @Override
            public List<RawMessage> findByIds(String profileId, Collection<String> ids) {
                checkOpen();
                Map<String, RawMessage> byId = new LinkedHashMap<>();
                for (RawMessage r : s.raws) {
                    if (r.profileId().equals(profileId)) {
                        byId.put(r.id(), r);
                    }
                }
                List<RawMessage> out = new ArrayList<>();
                for (String id : new LinkedHashSet<>(ids)) {
                    RawMessage r = byId.get(id);
                    if (r != null) {
                        out.add(r);
                    }
                }
                return out;
            }

            @Override
            public long countByProfile(String profileId) {
                checkOpen();
                return s.raws.stream().filter(r -> r.profileId().equals(profileId)).count();
            }

            @Override
            public List<String> findProfilesWithUnclassifiedBefore(Instant cutoff) {
                checkOpen();
                return s.raws.stream().filter(r -> isUnclassifiedBy(r, cutoff))
                        .map(RawMessage::profileId).distinct().sorted().toList();
            }

            @Override
            public int deleteUnclassifiedBefore(String profileId, Instant cutoff, int limit) {
                checkWritable();
                List<RawMessage> gone = s.raws.stream()
                        .filter(r -> r.profileId().equals(profileId) && isUnclassifiedBy(r, cutoff))
                        .limit(limit).toList();
                s.raws.removeAll(gone);
                return gone.size();
            }

            @Override
            public int deleteProfile(String profileId) {
                checkWritable();
                int before = s.raws.size();
                s.raws.removeIf(r -> r.profileId().equals(profileId));
                return before - s.raws.size();
            }

            @Override
            public void moveToMemory(String profileId, String rawId, String memoryId) {
                checkWritable();
                s.raws.replaceAll(r -> r.profileId().equals(profileId) && r.id().equals(rawId)
                        ? new RawMessage(r.id(), r.profileId(), r.messageId(), r.sessionId(), r.source(), r.content(),
                                r.createdAt(), r.receivedAt(), r.outcome(), memoryId, r.supersededIds(),
                                r.redactions())
                        : r);
            }

            @Override
            public boolean delete(String profileId, String id) {
                checkWritable();
                return s.raws.removeIf(r -> r.profileId().equals(profileId) && r.id().equals(id));
            }

            @Override
            public int deleteForMemory(String profileId, String memoryId) {
                checkWritable();
                int before = s.raws.size();
                s.raws.removeIf(r -> r.profileId().equals(profileId) && memoryId.equals(r.memoryId()));
                return before - s.raws.size();
            }

            @Override
            public List<RawMessage> newestFirst(String profileId, FeedbackOutcome outcome, PagePosition after,
                                                int limit) {
                checkOpen();
                return s.raws.stream()
                        .filter(r -> r.profileId().equals(profileId))
                        .filter(r -> outcome == null || r.outcome() == outcome)
                        .filter(r -> after == null || r.receivedAt().isBefore(after.createdAt())
                                || (r.receivedAt().equals(after.createdAt()) && r.id().compareTo(after.id()) < 0))
                        .sorted(Comparator.comparing(RawMessage::receivedAt).thenComparing(RawMessage::id).reversed())
                        .limit(limit)
                        .toList();
            }
        }

        private final class TxAuditTrail implements AuditTrail {
            @Override
            public void record(AuditEvent event) {
                checkWritable();
                Objects.requireNonNull(event, "event");
                if (s.audits.stream().anyMatch(e -> e.id().equals(event.id()))) {
                    throw new IllegalStateException("audit event " + event.id() + " already exists");
                }
                s.audits.add(event);
            }

            @Override
            public List<AuditEvent> forMemory(String profileId, String memoryId) {
                checkOpen();
                return s.audits.stream()
                        .filter(e -> e.profileId().equals(profileId) && memoryId != null
                                && memoryId.equals(e.memoryId()))
                        .toList();
            }

            @Override
            public long countByProfile(String profileId) {
                checkOpen();
                return s.audits.stream().filter(e -> e.profileId().equals(profileId)).count();
            }

            @Override
            public int scrubProfile(String profileId) {
                checkWritable();
                int[] scrubbed = {0};
                s.audits.replaceAll(e -> {
                    if (!e.profileId().equals(profileId)) {
                        return e;
                    }
                    scrubbed[0]++;
                    return new AuditEvent(e.id(), e.profileId(), e.memoryId(), e.rawMessageId(), e.kind(), "", e.at(),
                            e.actor(), null, null, e.agent());
                });
                return scrubbed[0];
            }

            @Override
            public boolean restoreContent(AuditEvent event) {
                checkWritable();
                for (int i = 0; i < s.audits.size(); i++) {
                    AuditEvent e = s.audits.get(i);
                    if (e.id().equals(event.id()) && e.profileId().equals(event.profileId())) {
                        s.audits.set(i, new AuditEvent(e.id(), e.profileId(), e.memoryId(), e.rawMessageId(),
                                e.kind(), event.detail(), e.at(), event.actor(), event.before(), event.after(),
                                event.agent()));
                        return true;
                    }
                }
                return false;
            }

            @Override
            public void scrubMemory(String profileId, String memoryId) {
                checkWritable();
                s.audits.replaceAll(e -> e.profileId().equals(profileId) && memoryId.equals(e.memoryId())
                        ? new AuditEvent(e.id(), e.profileId(), e.memoryId(), e.rawMessageId(), e.kind(), "", e.at(),
                                e.actor(), null, null, e.agent())
                        : e);
            }

            @Override
            public List<AuditEvent> newestFirst(String profileId, String memoryId, String afterEventId, int limit) {
                checkOpen();
                List<AuditEvent> ofProfile = s.audits.stream().filter(e -> e.profileId().equals(profileId)).toList();
                int end = ofProfile.size();
                if (afterEventId != null) {
                    end = 0;
                    for (int i = 0; i < ofProfile.size(); i++) {
                        if (ofProfile.get(i).id().equals(afterEventId)) {
                            end = i;
                        }
                    }
                }
                List<AuditEvent> out = new ArrayList<>();
                for (int i = end - 1; i >= 0 && out.size() < limit; i--) {
                    AuditEvent e = ofProfile.get(i);
                    if (memoryId == null || memoryId.equals(e.memoryId())) {
                        out.add(e);
                    }
                }
                return out;
            }
        }
    }

    // --- lifecycle predicates (the SQL stores' WHERE clauses) --------------------------------------

    private static boolean isActiveExpired(Memory m, Instant now) {
        return m.status() == MemoryStatus.ACTIVE && m.expiresAt() != null && !m.expiresAt().isAfter(now);
    }

    private static final Set<MemoryStatus> RETIRED =
            Set.of(MemoryStatus.EXPIRED, MemoryStatus.SUPERSEDED, MemoryStatus.REJECTED, MemoryStatus.DELETED);

    /** See {@link Memories}: retired at valid_until, else expires_at when expired, else last_seen_at. */
    private static boolean isRetiredBy(Memory m, Instant cutoff) {
        if (!RETIRED.contains(m.status())) {
            return false;
        }
        Instant retiredAt = m.validUntil() != null ? m.validUntil()
                : m.status() == MemoryStatus.EXPIRED && m.expiresAt() != null ? m.expiresAt() : m.lastSeenAt();
        return !retiredAt.isAfter(cutoff);
    }

    private static boolean isUnclassifiedBy(RawMessage r, Instant cutoff) {
        return r.memoryId() == null && !r.receivedAt().isAfter(cutoff);
    }
}
