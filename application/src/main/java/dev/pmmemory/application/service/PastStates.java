package dev.pmmemory.application.service;

import dev.pmmemory.application.port.in.AuditEvent;
import dev.pmmemory.application.model.AuditKind;
import dev.pmmemory.application.port.out.MemoryStore.StoreTransaction;
import dev.pmmemory.domain.lexicon.Lexicon;
import dev.pmmemory.domain.evolution.PastState;
import dev.pmmemory.domain.evolution.Supersession;
import dev.pmmemory.domain.memory.Lifetime;
import dev.pmmemory.domain.memory.Memory;
import dev.pmmemory.domain.memory.MemoryStatus;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads memories as they were at an instant ({@link PastState}): the as_of of context and memory reads.
 * Only what changed after the instant is read: the source messages of memories seen again since
 * (one read for all of them), and the audit events of the few memories that gave up entities or had
 * their expiry set by hand. A memory untouched since the instant costs nothing more.
 */
final class PastStates {
    /** "by=<id> entities=<key>,<key> at=<instant>": the detail of a supersession event. */
    private static final Pattern SUPERSESSION = Pattern.compile("^by=(\\S+) entities=(.*?)(?: at=(\\S+))?$");
    /** "into=<id> weight=<n>": the detail of a fold event. */
    private static final Pattern FOLD = Pattern.compile("^into=(\\S+).*$");

    private final Lexicon lexicon;

    PastStates(Lexicon lexicon) {
        this.lexicon = Objects.requireNonNull(lexicon, "lexicon");
    }

    /** Each memory as it was at {@code t}, in the given order; those not yet said by then are left out. */
    List<Memory> at(StoreTransaction tx, String profileId, List<Memory> memories, Instant t) {
        List<Memory> existing = memories.stream().filter(m -> !m.createdAt().isAfter(t)).toList();
        List<String> laterSources = new ArrayList<>();
        for (Memory m : existing) {
            if (m.lastSeenAt().isAfter(t)) { // seen again after t: which of its messages came by then?
                laterSources.addAll(m.sourceMessageIds());
            }
        }
        Map<String, Instant> saidAt = laterSources.isEmpty() ? Map.of()
                : tx.rawMessages().createdAtOf(profileId, laterSources);
        List<Memory> past = new ArrayList<>(existing.size());
        for (Memory m : existing) {
            List<Instant> times = m.lastSeenAt().isAfter(t)
                    ? m.sourceMessageIds().stream().map(saidAt::get).filter(Objects::nonNull).toList()
                    : List.of();
            state(tx, profileId, m, times, t).at(t).ifPresent(past::add);
        }
        return past;
    }

    Optional<Memory> at(StoreTransaction tx, String profileId, Memory m, Instant t) {
        List<Memory> one = at(tx, profileId, List.of(m), t);
        return one.isEmpty() ? Optional.empty() : Optional.of(one.get(0));
    }

    private PastState state(StoreTransaction tx, String profileId, Memory m, List<Instant> sourceTimes, Instant t) {
        Optional<Duration> ttl = lexicon.ruleFor(m.type()).ttl();
        boolean expiryAsStored = Objects.equals(m.expiresAt(), Lifetime.expiresAt(m.lastSeenAt(), ttl));
        boolean gaveUpEntitiesSince = !m.supersededEntityKeys().isEmpty()
                && !(m.status() == MemoryStatus.SUPERSEDED && m.validUntil() != null && !m.validUntil().isAfter(t));
        if (expiryAsStored && !gaveUpEntitiesSince) {
            return new PastState(m, sourceTimes, List.of(), ttl, null);
        }
        List<AuditEvent> events = tx.auditTrail().forMemory(profileId, m.id());
        Instant setByHand = null;
        if (!expiryAsStored) {
            for (AuditEvent e : events) {
                if (e.kind() == AuditKind.MEMORY_CORRECTED && correctedFields(e).contains("expires_at")) {
                    setByHand = e.at();
                }
            }
            if (setByHand == null && m.expiresAt() != null) {
                // stored under another lexicon TTL: the memory keeps the TTL it was given
                ttl = Optional.of(Duration.between(m.lastSeenAt(), m.expiresAt()));
            }
        }
        return new PastState(m, sourceTimes, takeovers(m, events), ttl, setByHand);
    }

    /**
     * The supersessions recorded on memory {@code m}, each at the time the newer decision took over, and
     * its fold into another memory of its key (a whole supersession of no entity, at its empty window); only
     * those recorded after its last {@code memory_rederived} event, which restate them all.
     */
    static List<Supersession> takeovers(Memory m, List<AuditEvent> events) {
        List<Supersession> found = new ArrayList<>();
        for (AuditEvent e : events) {
            if (e.kind() == AuditKind.MEMORY_REDERIVED) {
                found.clear(); // re-derived: the takeovers recorded after this event state them all
                continue;
            }
            if (e.kind() == AuditKind.MEMORY_FOLDED) {
                Matcher f = FOLD.matcher(e.detail());
                if (f.matches()) {
                    found.add(new Supersession(m.id(), f.group(1), Set.of(),
                            m.validUntil() != null ? m.validUntil() : e.at(), true));
                }
                continue;
            }
            if (e.kind() != AuditKind.MEMORY_SUPERSEDED && e.kind() != AuditKind.MEMORY_PARTIALLY_SUPERSEDED) {
                continue;
            }
            Matcher d = SUPERSESSION.matcher(e.detail());
            if (!d.matches()) {
                continue; // scrubbed by a purge: nothing left to read
            }
            Set<String> keys = Set.copyOf(Arrays.stream(d.group(2).split(",")).filter(k -> !k.isEmpty()).toList());
            found.add(new Supersession(m.id(), d.group(1), keys, instantOr(d.group(3), e.at()),
                    e.kind() == AuditKind.MEMORY_SUPERSEDED));
        }
        return found;
    }

    private static List<String> correctedFields(AuditEvent e) {
        String detail = e.detail();
        return detail.startsWith("fields=") ? List.of(detail.substring("fields=".length()).split(",")) : List.of();
    }

    private static Instant instantOr(String text, Instant fallback) {
        if (text == null) {
            return fallback;
        }
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return fallback;
        }
    }
}
