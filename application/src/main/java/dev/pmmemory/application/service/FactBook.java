package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.ChangedFields;
import dev.pmmemory.application.InvalidInputException;
import dev.pmmemory.application.InvalidInputException.FieldError;
import dev.pmmemory.application.NotFoundException;
import dev.pmmemory.application.StateConflictException;
import dev.pmmemory.application.port.in.CloseFact;
import dev.pmmemory.application.port.in.FactCommand;
import dev.pmmemory.application.port.in.FactsAt;
import dev.pmmemory.application.port.in.FactsQuery;
import dev.pmmemory.application.port.in.ReadFacts;
import dev.pmmemory.application.port.in.RecordFact;
import dev.pmmemory.application.port.in.RecordFactCommand;
import dev.pmmemory.application.port.in.RecordedFact;
import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.out.IdGenerator;
import dev.pmmemory.application.port.out.MemoryStore;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.domain.fact.Fact;
import dev.pmmemory.domain.fact.FactTimeline;
import dev.pmmemory.domain.fact.FactValue;
import dev.pmmemory.domain.privacy.Redactor;
import dev.pmmemory.domain.privacy.SecretKind;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Structured facts (rules.md §8, api.md "Structured facts"): versioned ground truth about the PM.
 * Each change is one transaction under the profile's write lock and one audit event naming the
 * actor, with the value and validity before and after. Facts never expire: only a new value or a
 * DELETE closes a version.
 */
public final class FactBook implements RecordFact, CloseFact, ReadFacts {
    /** Longest stored value, in characters of its canonical JSON. */
    public static final int MAX_VALUE_CHARS = RecordFactCommand.MAX_VALUE_CHARS;

    private final MemoryStore store;
    private final Redactor redactor;
    private final IdGenerator ids;
    private final Clock clock;

    public FactBook(MemoryStore store, Redactor redactor, IdGenerator ids, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.redactor = Objects.requireNonNull(redactor, "redactor");
        this.ids = Objects.requireNonNull(ids, "ids");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public RecordedFact record(RecordFactCommand cmd) {
        Instant now = now();
        // Nothing unredacted is stored: the canonical text is made from the redacted strings.
        FactValue.Canonical value = FactValue.canonical(cmd.value(), redactor);
        if (value.json().length() > MAX_VALUE_CHARS) {
            throw new InvalidInputException(List.of(new FieldError("value",
                    "must be at most " + MAX_VALUE_CHARS + " characters as JSON")));
        }
        List<String> redactions = value.redactions().stream().map(SecretKind::wireName).toList();
        Fact proposed = new Fact(ids.newId(), cmd.profileId(), cmd.attribute(), value.json(), cmd.confidence(),
                cmd.source(), cmd.validFrom() != null ? cmd.validFrom() : now, null, null, now, cmd.actor());
        return store.write(cmd.profileId(), tx -> {
            Optional<Fact> latest = tx.facts().latest(cmd.profileId(), cmd.attribute());
            FactTimeline.Change change = FactTimeline.put(latest, proposed);
            if (change instanceof FactTimeline.Refused refused) {
                throw new StateConflictException("fact " + cmd.attribute() + ": " + refused.reason());
            }
            if (change instanceof FactTimeline.Unchanged unchanged) {
                return new RecordedFact(unchanged.current(), false, Optional.empty(), redactions);
            }
            FactTimeline.NewVersion version = (FactTimeline.NewVersion) change;
            version.closed().ifPresent(c -> tx.facts().close(c.profileId(), c.id(), c.validUntil()));
            tx.facts().insert(version.created());
            Fact previous = latest.orElse(null);
            record(tx, version.created(), AuditKind.FACT_RECORDED, now, new Attribution(cmd.actor(), cmd.agent()),
                    previous == null ? null : state(previous), state(version.created()));
            return new RecordedFact(version.created(), true, version.closed(), redactions);
        });
    }

    @Override
    public Fact close(FactCommand cmd) {
        Instant now = now();
        return store.write(cmd.profileId(), tx -> {
            Optional<Fact> latest = tx.facts().latest(cmd.profileId(), cmd.attribute());
            if (latest.isEmpty()) {
                throw unknown(cmd.profileId(), cmd.attribute());
            }
            Fact closed = FactTimeline.close(latest, now).orElseThrow(() -> new StateConflictException(
                    "fact " + cmd.attribute() + " has no current value: it was closed at "
                            + latest.get().validUntil()));
            tx.facts().close(closed.profileId(), closed.id(), closed.validUntil());
            record(tx, closed, AuditKind.FACT_CLOSED, now, new Attribution(cmd.actor(), cmd.agent()),
                    state(latest.get()), state(closed));
            return closed;
        });
    }

    @Override
    public FactsAt validAt(FactsQuery q) {
        Instant asOf = asOf(q);
        return new FactsAt(asOf, store.read(tx -> tx.facts().validAt(q.profileId(), asOf)));
    }

    @Override
    public Fact one(FactsQuery q) {
        Instant asOf = asOf(q);
        return store.read(tx -> tx.facts().validAt(q.profileId(), asOf)).stream()
                .filter(f -> f.attribute().equals(q.attribute())).findFirst()
                .orElseThrow(() -> new NotFoundException("profile " + q.profileId() + " has no value of fact "
                        + q.attribute() + " at " + asOf));
    }

    @Override
    public List<Fact> history(FactsQuery q) {
        List<Fact> versions = store.read(tx -> tx.facts().history(q.profileId(), q.attribute()));
        if (versions.isEmpty()) {
            throw unknown(q.profileId(), q.attribute());
        }
        return versions;
    }

    private static NotFoundException unknown(String profileId, String attribute) {
        return new NotFoundException("profile " + profileId + " has no fact " + attribute);
    }

    /** What the audit keeps of a version: its id, value and validity. */
    private static ChangedFields state(Fact f) {
        return new ChangedFields().put("id", f.id()).put("value", f.value()).put("valid_from", f.validFrom())
                .put("valid_until", f.validUntil());
    }

    private void record(StoreTransaction tx, Fact f, AuditKind kind, Instant at, Attribution by,
                        ChangedFields before, ChangedFields after) {
        tx.auditTrail().record(new AuditEvent(ids.newId(), f.profileId(), null, null, kind,
                "attribute=" + f.attribute() + " version=" + f.id(), at, by.actor(),
                before == null ? null : before.json(), after.json(), by.agent()));
    }

    private Instant asOf(FactsQuery q) {
        return q.asOf() != null ? q.asOf() : now();
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }
}
