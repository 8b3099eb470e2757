package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.lexicon.TypeRule;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.RecallRetention;
import dev.pmmemory.domain.memory.RecallRetention.Decision;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Recall-aware retention in the sweep (docs/rules.md "Recall-aware retention"): each active memory with an
 * expiry is given the expiry its use decides ({@link RecallRetention}), with a {@code memory_extended} or
 * {@code memory_faded} audit event. Profile by profile, in bounded batches, each under the profile's write lock.
 */
public final class RecallAwareRetention {
    private final MemoryStore store;
    private final Lexicon lexicon;
    private final RecallRetention rules;
    private final IdGenerator ids;

    public RecallAwareRetention(MemoryStore store, Lexicon lexicon, RecallRetention rules, IdGenerator ids) {
        this.store = Objects.requireNonNull(store);
        this.lexicon = Objects.requireNonNull(lexicon);
        this.rules = Objects.requireNonNull(rules);
        this.ids = Objects.requireNonNull(ids);
    }

    private record Batch(int read, String lastId, long changed) {
    }

    /** Applies the rules at {@code now}; returns how many memories' expiry changed. */
    public long run(Instant now) {
        long changed = 0;
        for (String profileId : store.read(tx -> tx.memories().findProfiles())) {
            String after = null;
            Batch batch;
            do {
                String from = after;
                batch = store.write(profileId, tx -> {
                    List<Memory> memories = tx.memories().findActiveExpiring(profileId, now, from, ExpirySweep.BATCH);
                    long done = 0;
                    for (Memory m : memories) {
                        TypeRule rule = lexicon.ruleFor(m.type());
                        Optional<Decision> d = rules.decide(m, rule.ttl(), rule.priority(), now);
                        if (d.isEmpty()) {
                            continue;
                        }
                        tx.memories().update(m.toBuilder().expiresAt(d.get().expiresAt()).build());
                        AuditKind kind = d.get().change() == RecallRetention.Change.EXTENDED
                                ? AuditKind.MEMORY_EXTENDED : AuditKind.MEMORY_FADED;
                        tx.auditTrail().record(new AuditEvent(ids.newId(), profileId, m.id(), null, kind,
                                "expires_at=" + m.expiresAt() + "->" + d.get().expiresAt()
                                        + " recall_count=" + m.recall().count(), now));
                        done++;
                    }
                    return new Batch(memories.size(), memories.isEmpty() ? from : memories.get(memories.size() - 1).id(),
                            done);
                });
                changed += batch.changed();
                after = batch.lastId();
            } while (batch.read() == ExpirySweep.BATCH);
        }
        return changed;
    }
}
