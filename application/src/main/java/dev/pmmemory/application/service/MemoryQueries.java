package dev.pmmemory.application.service;

import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.port.in.GetMemory;
import dev.pmmemory.application.port.in.GetMemoryQuery;
import dev.pmmemory.application.port.in.ListMemories;
import dev.pmmemory.application.port.in.ListMemoriesQuery;
import dev.pmmemory.application.port.in.MemoryDetail;
import dev.pmmemory.application.port.in.MemoryDetail.VersionLink;
import dev.pmmemory.application.port.in.MemoryPage;
import dev.pmmemory.application.port.in.MemoryView;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.evolution.ConflictResolver;
import dev.pmmemory.domain.evolution.Supersession;
import dev.pmmemory.domain.text.EntityResolver;
import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** What a PM reads to see what the bot remembers, and why; now or as it was at an instant (as_of). */
public final class MemoryQueries implements ListMemories, GetMemory {
    /** Rows read per store call while a past read filters by the status memories had then. */
    private static final int PAST_CHUNK = 200;

    private final MemoryStore store;
    private final EntityResolver entities;
    private final MemoryViews views;
    private final PastStates pastStates;
    private final Clock clock;

    public MemoryQueries(MemoryStore store, Lexicon lexicon, Clock clock) {
        this(store, lexicon, EntityResolver.NONE, clock);
    }

    /** @param entities resolves the {@code entity=} filter's alias to its canonical entity */
    public MemoryQueries(MemoryStore store, Lexicon lexicon, EntityResolver entities, Clock clock) {
        this.store = store;
        this.entities = entities;
        this.views = new MemoryViews(lexicon);
        this.pastStates = new PastStates(lexicon);
        this.clock = clock;
    }

    @Override
    public MemoryPage list(ListMemoriesQuery q) {
        Instant now = clock.instant();
        if (q.asOf() != null && q.asOf().isBefore(now)) {
            return listAsItWas(q, q.asOf());
        }
        // One more than asked tells whether there is a next page.
        MemoryListQuery query = new MemoryListQuery(q.profileId(), q.status(), q.type(),
                q.entity() == null ? null : entities.key(q.entity()), q.after(), q.limit() + 1, now);
        List<Memory> found = store.read(tx -> tx.memories().list(query));
        return page(q, found, now);
    }

    /**
     * The memories said by {@code asOf}, each as it was then; the status filter applies to the status it
     * had then, so the store is read without it, in chunks, newest first from {@code asOf} on (created_at
     * is the first time a memory was said, the same then and now).
     */
    private MemoryPage listAsItWas(ListMemoriesQuery q, Instant asOf) {
        PagePosition start = q.after() != null ? q.after()
                : new PagePosition(asOf.truncatedTo(ChronoUnit.MILLIS).plusMillis(1), "");
        List<Memory> then = store.read(tx -> {
            List<Memory> kept = new ArrayList<>();
            PagePosition position = start;
            while (kept.size() <= q.limit()) {
                List<Memory> chunk = tx.memories().list(new MemoryListQuery(q.profileId(), null, q.type(),
                        q.entity() == null ? null : entities.key(q.entity()), position, PAST_CHUNK, asOf));
                for (Memory m : pastStates.at(tx, q.profileId(), chunk, asOf)) {
                    if (q.status() == null || Lifetime.statusAt(m, asOf) == q.status()) {
                        kept.add(m);
                    }
                }
                if (chunk.size() < PAST_CHUNK) {
                    break;
                }
                Memory last = chunk.get(chunk.size() - 1);
                position = new PagePosition(last.createdAt(), last.id());
            }
            return kept;
        });
        return page(q, then, asOf);
    }

    private MemoryPage page(ListMemoriesQuery q, List<Memory> found, Instant at) {
        boolean more = found.size() > q.limit();
        List<Memory> page = more ? found.subList(0, q.limit()) : found;
        String next = null;
        if (more) {
            Memory last = page.get(page.size() - 1);
            next = new PagePosition(last.createdAt(), last.id()).cursor();
        }
        return new MemoryPage(page.stream().map(m -> views.at(m, at)).toList(), next);
    }

    @Override
    public MemoryDetail get(String profileId, String memoryId) {
        return get(new GetMemoryQuery(profileId, memoryId, null));
    }

    @Override
    public MemoryDetail get(GetMemoryQuery q) {
        Instant now = clock.instant();
        Instant at = q.asOf() != null ? q.asOf() : now;
        boolean past = at.isBefore(now);
        String profileId = q.profileId();
        return store.read(tx -> {
            Memory stored = tx.memories().findById(profileId, q.memoryId())
                    .orElseThrow(() -> new NotFoundException("profile " + profileId + " has no memory " + q.memoryId()));
            Memory m = past ? pastStates.at(tx, profileId, stored, at).orElseThrow(() -> new NotFoundException(
                    "memory " + q.memoryId() + " of profile " + profileId + " did not exist yet at " + at)) : stored;
            List<AuditEvent> events = tx.auditTrail().forMemory(profileId, stored.id());
            List<VersionLink> links = links(tx, stored, events).stream()
                    .filter(l -> !past || !l.at().isAfter(at))
                    .toList();
            Map<String, Memory> chain = new LinkedHashMap<>();
            chain.put(m.id(), m);
            for (VersionLink l : links) {
                for (String id : List.of(l.supersededId(), l.byId())) {
                    if (!chain.containsKey(id)) {
                        tx.memories().findById(profileId, id)
                                .flatMap(v -> past ? pastStates.at(tx, profileId, v, at) : Optional.of(v))
                                .ifPresent(v -> chain.put(id, v));
                    }
                }
            }
            List<MemoryView> versions = chain.values().stream()
                    .sorted(Comparator.comparing(Memory::createdAt).thenComparing(Memory::id))
                    .map(v -> views.at(v, at)).toList();
            return new MemoryDetail(views.at(m, at),
                    tx.rawMessages().findByIds(profileId, stored.sourceMessageIds()).stream()
                            .filter(r -> !past || !r.createdAt().isAfter(at)).toList(),
                    versions, links, events,
                    tx.memories().findSummaryOf(profileId, stored.id()).orElse(null),
                    stored.type() == MemoryType.SUMMARY ? tx.memories().findSummarized(profileId, stored.id()) : List.of());
        });
    }

    /**
     * Every supersession touching {@code m}: those recorded on it (what took it over), and those recorded
     * on the memories it took over: the ones it wholly superseded or folded, and the opposite decisions
     * about its entities that gave up an entity (to it or to another memory: only links to it are kept).
     */
    private List<VersionLink> links(StoreTransaction tx, Memory m, List<AuditEvent> ownEvents) {
        Set<VersionLink> links = new LinkedHashSet<>();
        PastStates.takeovers(m, ownEvents).forEach(s -> links.add(link(s)));
        Map<String, Memory> olders = new LinkedHashMap<>();
        tx.memories().findSupersededBy(m.profileId(), m.id()).forEach(o -> olders.put(o.id(), o));
        Optional<MemoryType> opposite = ConflictResolver.oppositeDecision(m.type());
        if (opposite.isPresent()) {
            for (String key : new LinkedHashSet<>(m.entityKeys())) {
                for (Memory o : tx.memories().findAllAbout(m.profileId(), key)) {
                    if (o.type() == opposite.get() && !o.supersededEntityKeys().isEmpty()) {
                        olders.putIfAbsent(o.id(), o);
                    }
                }
            }
        }
        for (Memory o : olders.values()) {
            for (Supersession s : PastStates.takeovers(o, tx.auditTrail().forMemory(m.profileId(), o.id()))) {
                if (s.byId().equals(m.id())) {
                    links.add(link(s));
                }
            }
        }
        return links.stream()
                .sorted(Comparator.comparing(VersionLink::at).thenComparing(VersionLink::supersededId))
                .toList();
    }

    private static VersionLink link(Supersession s) {
        return new VersionLink(s.supersededId(), s.byId(), s.entityKeys(), s.at(), s.whole());
    }
}
