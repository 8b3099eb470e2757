package dev.pmmemory.application.service;

import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.TeamOwner;
import dev.pmmemory.application.port.in.AuditPage;
import dev.pmmemory.application.port.in.AuditQuery;
import dev.pmmemory.application.port.in.EntityHistory;
import dev.pmmemory.application.port.in.EntityHistory.StatusChange;
import dev.pmmemory.application.port.in.EntityHistoryQuery;
import dev.pmmemory.application.port.in.MessagePage;
import dev.pmmemory.application.port.in.MessagesQuery;
import dev.pmmemory.application.port.in.ReadAuditTrail;
import dev.pmmemory.application.port.in.ReadEntityHistory;
import dev.pmmemory.application.port.in.ReadMessages;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.in.PagePosition;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.application.port.in.RawMessage;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.memory.EntityKey;
import dev.pmmemory.domain.text.EntityResolver;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/** The past of a profile as a PM reads it: an entity's memories, the audit trail, the raw messages. */
public final class HistoryQueries implements ReadEntityHistory, ReadAuditTrail, ReadMessages {
    private final MemoryStore store;
    private final EntityResolver entities;
    private final MemoryViews views;
    private final Clock clock;

    public HistoryQueries(MemoryStore store, Lexicon lexicon, Clock clock) {
        this(store, lexicon, EntityResolver.NONE, clock);
    }

    /** @param entities resolves an alias to its canonical entity: the history of DeepSeek is that of 深度求索 */
    public HistoryQueries(MemoryStore store, Lexicon lexicon, EntityResolver entities, Clock clock) {
        this.store = store;
        this.entities = entities;
        this.views = new MemoryViews(lexicon);
        this.clock = clock;
    }

    @Override
    public EntityHistory read(EntityHistoryQuery q) {
        Instant now = clock.instant();
        String key = entities.key(q.entity());
        return store.read(tx -> {
            requireKnownProfile(tx, q.profileId());
            List<EntityHistory.Entry> entries = new ArrayList<>();
            for (Memory m : tx.memories().findAllAbout(q.profileId(), key)) {
                entries.add(new EntityHistory.Entry(views.at(m, now),
                        changes(m, tx.auditTrail().forMemory(q.profileId(), m.id()), now)));
            }
            return new EntityHistory(q.entity(), entries);
        });
    }

    /**
     * The status changes of one memory, oldest first, each at the time it took effect in the memory's
     * own timeline: created or held pending when it was said (created_at), superseded when its window
     * closed (valid_until), confirmed, rejected or deleted when that was done; and its expiry, a time
     * rather than an event until the sweep records one.
     */
    static List<StatusChange> changes(Memory m, List<AuditEvent> events, Instant now) {
        List<StatusChange> changes = new ArrayList<>();
        boolean expiryRecorded = false;
        for (AuditEvent e : events) {
            if (e.kind() == AuditKind.MEMORY_REDERIVED) {
                // its timeline was derived again from its messages: it began as it is stored now (pending or
                // active when first said), and the supersessions recorded after this event restate the rest
                changes.removeIf(c -> EnumSet.of(AuditKind.MEMORY_CREATED, AuditKind.MEMORY_PENDING,
                        AuditKind.MEMORY_SUPERSEDED, AuditKind.MEMORY_FOLDED, AuditKind.MEMORY_REDERIVED)
                        .contains(c.event()));
                changes.add(new StatusChange(m.validFrom() == null ? MemoryStatus.PENDING : MemoryStatus.ACTIVE,
                        m.createdAt(), e.kind(), e.actor()));
                continue;
            }
            Optional<MemoryStatus> status = statusAfter(e.kind());
            if (status.isPresent()) {
                changes.add(new StatusChange(status.get(), effectiveAt(m, e), e.kind(), e.actor()));
                expiryRecorded |= e.kind() == AuditKind.MEMORY_EXPIRED;
            }
        }
        Instant expiry = m.expiresAt();
        boolean expiredWhileOpen = expiry != null && !now.isBefore(expiry) && m.validFrom() != null
                && (m.validUntil() == null || m.validUntil().isAfter(expiry));
        if (expiredWhileOpen && !expiryRecorded) {
            changes.add(new StatusChange(MemoryStatus.EXPIRED, expiry, null, AuditEvent.SYSTEM));
        }
        changes.sort(Comparator.comparing(StatusChange::at)); // stable: recorded order among equal times
        return changes;
    }

    private static Instant effectiveAt(Memory m, AuditEvent e) {
        return switch (e.kind()) {
            case MEMORY_CREATED, MEMORY_PENDING -> m.createdAt();
            case MEMORY_SUPERSEDED, MEMORY_FOLDED -> m.status() == MemoryStatus.SUPERSEDED && m.validUntil() != null
                    ? m.validUntil() : e.at();
            default -> e.at();
        };
    }

    private static Optional<MemoryStatus> statusAfter(AuditKind kind) {
        return Optional.ofNullable(switch (kind) {
            case MEMORY_CREATED, MEMORY_CONFIRMED -> MemoryStatus.ACTIVE;
            case MEMORY_PENDING -> MemoryStatus.PENDING;
            case MEMORY_SUPERSEDED, MEMORY_FOLDED -> MemoryStatus.SUPERSEDED;
            case MEMORY_REJECTED -> MemoryStatus.REJECTED;
            case MEMORY_DELETED -> MemoryStatus.DELETED;
            case MEMORY_EXPIRED -> MemoryStatus.EXPIRED;
            default -> null; // reinforced, corrected, partially superseded, message events: the status stays
        });
    }

    @Override
    public AuditPage read(AuditQuery q) {
        return store.read(tx -> {
            requireKnownProfile(tx, q.profileId());
            if (q.memoryId() != null && tx.memories().findById(q.profileId(), q.memoryId()).isEmpty()) {
                throw new NotFoundException("profile " + q.profileId() + " has no memory " + q.memoryId());
            }
            return AuditPage.of(tx.auditTrail().newestFirst(q.profileId(), q.memoryId(), q.afterEventId(),
                    q.limit() + 1), q.limit());
        });
    }

    @Override
    public MessagePage read(MessagesQuery q) {
        return store.read(tx -> {
            requireKnownProfile(tx, q.profileId());
            List<RawMessage> found = tx.rawMessages().newestFirst(q.profileId(), q.outcome(), q.after(),
                    q.limit() + 1);
            boolean more = found.size() > q.limit();
            List<RawMessage> page = more ? found.subList(0, q.limit()) : found;
            String next = null;
            if (more) {
                RawMessage last = page.get(page.size() - 1);
                next = new PagePosition(last.receivedAt(), last.id()).cursor();
            }
            return new MessagePage(page, next);
        });
    }

    /** A profile exists once it has sent a message or recorded a fact (profiles are not created otherwise). */
    private static void requireKnownProfile(StoreTransaction tx, String profileId) {
        if (TeamOwner.teamOf(profileId).map(team -> !tx.teams().members(team).isEmpty()
                || tx.auditTrail().countByProfile(profileId) > 0).orElse(false)) {
            return; // a team is known from its first member on, memories or not
        }
        if (tx.rawMessages().countByProfile(profileId) == 0 && tx.memories().countByProfile(profileId) == 0
                && tx.facts().countByProfile(profileId) == 0) {
            throw new NotFoundException("no profile " + profileId);
        }
    }
}
