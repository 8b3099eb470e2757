package dev.pmmemory.application.service;

import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.Cursor;
import dev.pmmemory.application.port.in.GetMemory;
import dev.pmmemory.application.port.in.ListMemories;
import dev.pmmemory.application.port.in.ListMemoriesQuery;
import dev.pmmemory.application.port.in.MemoryDetail;
import dev.pmmemory.application.port.in.MemoryPage;
import dev.pmmemory.application.port.in.MemoryView;
import dev.pmmemory.application.port.out.MemoryListQuery;
import dev.pmmemory.application.port.out.MemoryListQuery.PagePosition;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.domain.classify.Lexicon;
import dev.pmmemory.domain.memory.EntityKey;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryType;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** What a PM reads to see what the bot remembers, and why. */
public final class MemoryQueries implements ListMemories, GetMemory {
    private final MemoryStore store;
    private final MemoryViews views;
    private final Clock clock;

    public MemoryQueries(MemoryStore store, Lexicon lexicon, Clock clock) {
        this.store = store;
        this.views = new MemoryViews(lexicon);
        this.clock = clock;
    }

    @Override
    public MemoryPage list(ListMemoriesQuery q) {
        Instant now = clock.instant();
        // One more than asked tells whether there is a next page.
        MemoryListQuery query = new MemoryListQuery(q.profileId(), q.status(), q.type(),
                q.entity() == null ? null : EntityKey.of(q.entity()), q.after(), q.limit() + 1, now);
        List<Memory> found = store.read(tx -> tx.memories().list(query));
        boolean more = found.size() > q.limit();
        List<Memory> page = more ? found.subList(0, q.limit()) : found;
        String next = null;
        if (more) {
            Memory last = page.get(page.size() - 1);
            next = Cursor.encode(new PagePosition(last.createdAt(), last.id()));
        }
        return new MemoryPage(page.stream().map(m -> views.at(m, now)).toList(), next);
    }

    @Override
    public MemoryDetail get(String profileId, String memoryId) {
        Validation v = new Validation();
        v.profileId("profile_id", profileId);
        v.check();
        Instant now = clock.instant();
        return store.read(tx -> {
            Memory m = tx.memories().findById(profileId, memoryId)
                    .orElseThrow(() -> new NotFoundException("profile " + profileId + " has no memory " + memoryId));
            List<Memory> chain = new ArrayList<>(tx.memories().findSupersededBy(profileId, m.id()));
            chain.add(m);
            Optional.ofNullable(m.supersededBy()).flatMap(id -> tx.memories().findById(profileId, id))
                    .ifPresent(chain::add);
            chain.sort(Comparator.comparing(Memory::createdAt).thenComparing(Memory::id));
            List<MemoryView> versions = chain.stream().map(version -> views.at(version, now)).toList();
            return new MemoryDetail(views.at(m, now),
                    tx.rawMessages().findByIds(profileId, m.sourceMessageIds()),
                    versions,
                    tx.auditTrail().forMemory(profileId, m.id()),
                    tx.memories().findSummaryOf(profileId, m.id()).orElse(null),
                    m.type() == MemoryType.SUMMARY ? tx.memories().findSummarized(profileId, m.id()) : List.of());
        });
    }
}
