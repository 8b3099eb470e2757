package dev.pmmemory.application.service;

import dev.pmmemory.application.Validation;
import dev.pmmemory.application.port.in.ChangedFields;
import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.StateConflictException;
import dev.pmmemory.application.port.in.CorrectMemory;
import dev.pmmemory.application.port.in.CorrectMemoryCommand;
import dev.pmmemory.application.port.in.DeleteMemory;
import dev.pmmemory.application.port.in.MemoryActionCommand;
import dev.pmmemory.application.port.in.MemoryChange;
import dev.pmmemory.application.port.in.SettlePendingMemory;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.evolution.ConflictResolver;
import dev.pmmemory.domain.evolution.Deduplicator;
import dev.pmmemory.domain.evolution.Resolution;
import dev.pmmemory.domain.evolution.Supersession;
import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import dev.pmmemory.domain.memory.MemoryType;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.text.TextAnalyzer;
import dev.pmmemory.domain.text.TextAnalyzer.Analysis;
import dev.pmmemory.domain.text.TextNormalizer;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What a PM does to a memory by hand (api.md "Memories (audit and correction)"): correct, delete,
 * confirm or reject. Each change is one transaction under the profile's write lock and one audit
 * event naming the actor, with the changed fields before and after.
 *
 * <p>Visibility is computed from times, so every change that ends a memory gives it a valid_until
 * (the time of the change): from then on no finder returns it, while reads of an earlier instant
 * still see it as it was.
 */
public final class MemoryCorrections implements CorrectMemory, DeleteMemory, SettlePendingMemory {
    private final MemoryStore store;
    private final Lexicon lexicon;
    private final TextAnalyzer analyzer;
    private final Redactor redactor;
    private final IdGenerator ids;
    private final Clock clock;
    private final MemoryViews views;
    private final Deduplicator deduplicator = new Deduplicator();
    private final ConflictResolver conflicts = new ConflictResolver();

    public MemoryCorrections(MemoryStore store, Lexicon lexicon, TextAnalyzer analyzer, Redactor redactor,
                             IdGenerator ids, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.lexicon = lexicon;
        this.analyzer = analyzer;
        this.redactor = redactor;
        this.ids = ids;
        this.clock = clock;
        this.views = new MemoryViews(lexicon);
    }

    @Override
    public MemoryChange correct(CorrectMemoryCommand cmd) {
        Instant now = now();
        // Nothing unredacted is stored, and the analysis runs before the write lock is taken.
        Optional<String> content = cmd.content().map(c -> redactor.redact(c).text());
        Optional<Analysis> analysis = content.map(analyzer::analyze);
        return store.write(cmd.profileId(), tx -> {
            Memory before = find(tx, cmd.profileId(), cmd.memoryId());
            if (before.status() == MemoryStatus.SUPERSEDED || before.status() == MemoryStatus.REJECTED
                    || before.status() == MemoryStatus.DELETED) {
                throw new StateConflictException("memory " + before.id() + " is " + before.status().wireName()
                        + ": only an active, expired or pending memory can be corrected (history is not rewritten)");
            }
            MemoryType type = cmd.type().orElse(before.type());
            boolean typeChanged = type != before.type();
            Memory.Builder b = before.toBuilder().type(type);
            if (content.isPresent()) {
                b.content(content.get()).normalizedContent(TextNormalizer.normalise(content.get()))
                        .entities(analysis.orElseThrow().entities()).keywords(analysis.orElseThrow().keywords());
            }
            if (cmd.expiry() != null) {
                b.expiresAt(cmd.expiry().expiresAt());
            } else if (typeChanged) {
                b.expiresAt(Lifetime.expiresAt(before.lastSeenAt(), lexicon.ruleFor(type).ttl()));
            }
            Memory draft = b.build();
            // Entities given up to a newer opposite decision stay given up only while the memory still
            // names them as the same kind of decision.
            Set<String> stillSuperseded = new HashSet<>(typeChanged ? Set.of() : before.supersededEntityKeys());
            stillSuperseded.retainAll(draft.entityKeys());
            // A memory the sweep had marked expired lives again when the correction moves its expiry past now.
            boolean aliveAgain = draft.status() == MemoryStatus.EXPIRED
                    && (draft.expiresAt() == null || draft.expiresAt().isAfter(now));
            Memory corrected = draft.toBuilder().supersededEntityKeys(stillSuperseded)
                    .status(aliveAgain ? MemoryStatus.ACTIVE : draft.status()).build();

            ChangedFields was = new ChangedFields();
            ChangedFields is = new ChangedFields();
            if (!corrected.content().equals(before.content())) {
                was = was.put("content", before.content());
                is = is.put("content", corrected.content());
            }
            if (typeChanged) {
                was = was.put("type", before.type().wireName());
                is = is.put("type", type.wireName());
            }
            if (!Objects.equals(corrected.expiresAt(), before.expiresAt())) {
                was = was.put("expires_at", before.expiresAt());
                is = is.put("expires_at", corrected.expiresAt());
            }
            if (is.isEmpty()) {
                return new MemoryChange(views.at(before, now), List.of()); // the same values again: nothing to record
            }
            tx.memories().update(corrected);
            record(tx, corrected, AuditKind.MEMORY_CORRECTED, "fields=" + String.join(",", is.names()),
                    now, by(cmd), was, is);

            Optional<Memory> foldedInto = foldIntoDuplicate(tx, corrected, now, by(cmd));
            if (foldedInto.isPresent()) {
                Memory retired = find(tx, cmd.profileId(), corrected.id());
                return new MemoryChange(views.at(retired, now), List.of());
            }
            return reresolveConflicts(tx, corrected, now, by(cmd));
        });
    }

    /**
     * Dedup re-applied: corrected into the same words as another memory of its type that is visible
     * during its lifetime, it is folded into that one (Deduplicator.fold: the other takes its weight and
     * sources, it is kept for audit, superseded by the other with an empty window).
     */
    private Optional<Memory> foldIntoDuplicate(StoreTransaction tx, Memory corrected, Instant now, Attribution by) {
        if (corrected.validFrom() == null || !tx.memories().findSupersededBy(corrected.profileId(), corrected.id())
                .isEmpty()) {
            return Optional.empty();
        }
        Optional<Memory> target = tx.memories().findDuplicatesVisibleDuring(corrected.profileId(), corrected.type(),
                        corrected.normalizedContent(), corrected.validFrom(), corrected.expiresAt()).stream()
                .filter(other -> Deduplicator.canFold(other, corrected))
                .min(Comparator.comparing(Memory::validFrom).thenComparing(Memory::id));
        if (target.isEmpty()) {
            return Optional.empty();
        }
        Deduplicator.Fold fold = deduplicator.fold(target.get(), corrected, lexicon.ruleFor(corrected.type()).ttl(),
                now);
        tx.memories().update(fold.kept());
        tx.memories().update(fold.retired());
        record(tx, fold.retired(), AuditKind.MEMORY_FOLDED, "into=" + fold.kept().id() + " weight="
                        + corrected.weight(), now, by,
                new ChangedFields().put("status", corrected.status().wireName()),
                new ChangedFields().put("status", fold.retired().status().wireName())
                        .put("superseded_by", fold.kept().id()));
        record(tx, fold.kept(), AuditKind.MEMORY_REINFORCED, "weight=" + fold.kept().weight(), now, by,
                new ChangedFields().put("weight", Integer.toString(target.get().weight())),
                new ChangedFields().put("weight", Integer.toString(fold.kept().weight())));
        return Optional.of(fold.kept());
    }

    /** Conflicts re-applied: the corrected decision against the opposite decisions visible during its lifetime. */
    private MemoryChange reresolveConflicts(StoreTransaction tx, Memory corrected, Instant now, Attribution by) {
        if (corrected.status() != MemoryStatus.ACTIVE && corrected.status() != MemoryStatus.EXPIRED) {
            return new MemoryChange(views.at(corrected, now), List.of()); // a pending one waits for confirm or reject
        }
        List<Memory> opposites = opposites(tx, corrected);
        if (opposites.isEmpty()) {
            return new MemoryChange(views.at(corrected, now), List.of());
        }
        Resolution resolution = conflicts.resolveCorrected(corrected, opposites, now);
        return apply(tx, corrected, opposites, resolution, now, by);
    }

    @Override
    public MemoryChange delete(MemoryActionCommand cmd) {
        Instant now = now();
        return store.write(cmd.profileId(), tx -> {
            Memory m = find(tx, cmd.profileId(), cmd.memoryId());
            if (m.status() == MemoryStatus.DELETED) {
                throw new StateConflictException("memory " + m.id() + " is deleted already");
            }
            Memory deleted = m.toBuilder().status(MemoryStatus.DELETED).validUntil(endedAt(m, now)).build();
            tx.memories().update(deleted);
            record(tx, deleted, AuditKind.MEMORY_DELETED, "soft delete", now, by(cmd),
                    new ChangedFields().put("status", m.status().wireName()).put("valid_until", m.validUntil()),
                    new ChangedFields().put("status", deleted.status().wireName())
                            .put("valid_until", deleted.validUntil()));
            return new MemoryChange(views.at(deleted, now), List.of());
        });
    }

    @Override
    public MemoryChange confirm(MemoryActionCommand cmd) {
        return confirm(cmd, Optional.empty());
    }

    /**
     * Confirms a pending memory as {@code type} when given: one of its candidate types (its own, or an
     * alternative the classifiers offered when unsure of its sign); 400 naming {@code type} otherwise.
     */
    @Override
    public MemoryChange confirm(MemoryActionCommand cmd, Optional<MemoryType> type) {
        Instant now = now();
        return store.write(cmd.profileId(), tx -> {
            Memory found = findPending(tx, cmd, "confirmed");
            if (type.isPresent() && !found.candidateTypes().contains(type.get())) {
                Validation v = new Validation();
                v.fail("type", "must be one of " + String.join(", ",
                        found.candidateTypes().stream().map(MemoryType::wireName).toList()) + " for this memory");
                v.check();
            }
            Memory pending = found.toBuilder().type(type.orElse(found.type())).pendingReason(null)
                    .alternatives(List.of()).build();
            List<Memory> opposites = opposites(tx, pending);
            Resolution resolution = conflicts.resolveConfirmed(pending, opposites, now);
            Memory confirmed = resolution.incoming();
            tx.memories().update(confirmed);
            record(tx, confirmed, AuditKind.MEMORY_CONFIRMED, "valid_from=" + now, now, by(cmd),
                    new ChangedFields().put("status", pending.status().wireName()).put("valid_from", (Instant) null)
                            .put("type", found.type().wireName()),
                    new ChangedFields().put("status", confirmed.status().wireName())
                            .put("valid_from", confirmed.validFrom()).put("type", confirmed.type().wireName()));
            return apply(tx, confirmed, opposites, resolution, now, by(cmd));
        });
    }

    @Override
    public MemoryChange reject(MemoryActionCommand cmd) {
        Instant now = now();
        return store.write(cmd.profileId(), tx -> {
            Memory pending = findPending(tx, cmd, "rejected");
            Memory rejected = pending.toBuilder().status(MemoryStatus.REJECTED).validUntil(now).build();
            tx.memories().update(rejected);
            record(tx, rejected, AuditKind.MEMORY_REJECTED, "rejected", now, by(cmd),
                    new ChangedFields().put("status", pending.status().wireName()),
                    new ChangedFields().put("status", rejected.status().wireName()));
            return new MemoryChange(views.at(rejected, now), List.of());
        });
    }

    /**
     * Stores what a resolution changed and audits each supersession, with the superseded memory's
     * state before and after; the incoming memory is stored already as {@code stored}.
     */
    private MemoryChange apply(StoreTransaction tx, Memory stored, List<Memory> candidates, Resolution resolution,
                               Instant now, Attribution by) {
        Memory result = resolution.incoming();
        if (!result.equals(stored)) {
            tx.memories().update(result); // a newer opposite decision took the corrected memory over
        }
        for (Memory changed : resolution.changed()) {
            tx.memories().update(changed);
        }
        for (Supersession s : resolution.supersessions()) {
            boolean itself = s.supersededId().equals(result.id());
            Memory after = itself ? result : resolution.changed().stream()
                    .filter(c -> c.id().equals(s.supersededId())).findFirst().orElseThrow();
            Memory before = itself ? stored : candidates.stream()
                    .filter(c -> c.id().equals(s.supersededId())).findFirst().orElseThrow();
            record(tx, after, s.whole() ? AuditKind.MEMORY_SUPERSEDED : AuditKind.MEMORY_PARTIALLY_SUPERSEDED,
                    "by=" + s.byId() + " entities=" + String.join(",", s.entityKeys()) + " at=" + s.at(), now, by,
                    supersessionState(before), supersessionState(after));
        }
        return new MemoryChange(views.at(result, now), resolution.changedIds());
    }

    private static ChangedFields supersessionState(Memory m) {
        return new ChangedFields().put("status", m.status().wireName()).put("valid_until", m.validUntil())
                .put("superseded_by", m.supersededBy())
                .put("superseded_entities", String.join(",", new java.util.TreeSet<>(m.supersededEntityKeys())));
    }

    private List<Memory> opposites(StoreTransaction tx, Memory m) {
        return ConflictResolver.oppositeDecision(m.type())
                .filter(t -> !m.entities().isEmpty())
                .map(t -> tx.memories().findByEntitiesVisibleDuring(m.profileId(), t, m.entityKeys(), m.createdAt(),
                        m.expiresAt()))
                .orElse(List.of());
    }

    private Memory findPending(StoreTransaction tx, MemoryActionCommand cmd, String verb) {
        Memory m = find(tx, cmd.profileId(), cmd.memoryId());
        if (m.status() != MemoryStatus.PENDING) {
            throw new StateConflictException("memory " + m.id() + " is " + m.status().wireName()
                    + ": only a pending memory can be " + verb);
        }
        return m;
    }

    private static Memory find(StoreTransaction tx, String profileId, String memoryId) {
        return tx.memories().findById(profileId, memoryId)
                .orElseThrow(() -> new NotFoundException("profile " + profileId + " has no memory " + memoryId));
    }

    /** A memory that ends now stops being visible now, unless its window closed earlier. */
    private static Instant endedAt(Memory m, Instant now) {
        return m.validUntil() != null && m.validUntil().isBefore(now) ? m.validUntil() : now;
    }

    private void record(StoreTransaction tx, Memory m, AuditKind kind, String detail, Instant at, Attribution by,
                        ChangedFields before, ChangedFields after) {
        tx.auditTrail().record(new AuditEvent(ids.newId(), m.profileId(), m.id(), null, kind, detail, at, by.actor(),
                before == null ? null : before.json(), after == null ? null : after.json(), by.agent()));
    }

    private static Attribution by(CorrectMemoryCommand cmd) {
        return new Attribution(cmd.actor(), cmd.agent());
    }

    private static Attribution by(MemoryActionCommand cmd) {
        return new Attribution(cmd.actor(), cmd.agent());
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
